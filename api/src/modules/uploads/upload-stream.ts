import type { Readable } from 'node:stream';
import type { DomainError } from '../../kernel/errors';
import { interrupted, tooLarge } from './upload.service';

/** Node's response and request as an upload watches them (no HTTP framework needed here). */
interface Closes {
  once(event: 'close', listener: () => void): unknown;
}
export interface UploadEnds {
  /** Closed before it was finished: the client went away before the answer. */
  res?: Closes & { readonly writableFinished: boolean };
  /** Closed before it was whole, when the body is read by the caller (a stalled body cut off after its 408 too). */
  req?: Closes & { readonly complete: boolean };
}

/**
 * The signal the upload service stops on (removing what it stored) when the client is gone; the
 * caller's `onCutOff` stops its own reading. Both transports share it so they fail alike.
 */
export function uploadAbortSignal(
  ends: UploadEnds,
  onCutOff: (error: DomainError) => void = () => undefined,
): AbortSignal {
  const gone = new AbortController();
  const cutOff = () => {
    if (gone.signal.aborted) return;
    const error = interrupted();
    gone.abort(error);
    onCutOff(error);
  };
  const { res, req } = ends;
  res?.once('close', () => {
    if (!res.writableFinished) cutOff();
  });
  req?.once('close', () => {
    if (!req.complete) cutOff();
  });
  return gone.signal;
}

/** The file's stream, failed with the api's 413 when the parser's size limit ('limit') is reached. */
export function sizeLimited<S extends Readable>(body: S): S {
  body.once('limit', () => body.destroy(tooLarge()));
  return body;
}
