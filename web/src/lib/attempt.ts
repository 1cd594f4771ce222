import toast from 'react-hot-toast';
import { userError } from './errors';

/**
 * Sends an editor's change and says how it went in a toast (the api's message when it has one).
 * Resolves whether it worked, so a form can return to its first step after a failure.
 */
export async function attempt(
  send: () => Promise<unknown>,
  success: string,
  fallback: string,
  after: () => void,
): Promise<boolean> {
  try {
    await send();
    toast.success(success);
    after();
    return true;
  } catch (err) {
    toast.error(userError(err, fallback).message);
    return false;
  }
}
