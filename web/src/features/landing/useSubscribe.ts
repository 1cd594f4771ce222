import { ServerError } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { userError } from '../../lib/errors';
import { SubscribeNewsletterMutation } from './operations';

/** A standard e-mail shape; the api applies the same rule and has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Newsletter sign-up with the spec's messages (sections 5 and 8): validation and outcomes are toasts;
 * an answer without a message is 'Email subscription failed', no answer at all the toast fallback.
 * Returns whether it succeeded so the form can clear its input.
 */
export function useSubscribe() {
  const [subscribe, { loading }] = useMutation(SubscribeNewsletterMutation);
  const submit = async (raw: string): Promise<boolean> => {
    const email = raw.trim();
    if (!email) {
      toast.error('Please enter an email address');
      return false;
    }
    if (!EMAIL_PATTERN.test(email)) {
      toast.error('Please enter a valid email address');
      return false;
    }
    try {
      await subscribe({ variables: { email } });
      toast.success('Thank you for subscribing!');
      return true;
    } catch (err) {
      const fallback = ServerError.is(err) ? 'Email subscription failed' : 'Failed to subscribe. Please try again.';
      toast.error(userError(err, fallback).message);
      return false;
    }
  };
  return { submit, subscribing: loading };
}
