import type { RequestHandler } from 'express';
import { processRequest } from 'graphql-upload-minimal';
import { drainAfterResponse } from './drain-request';
import { DomainError } from '../kernel/errors';

/**
 * GraphQL multipart requests (the `Upload` scalar): parses `operations` and `map` into req.body
 * and leaves the file as a stream for the resolver; other requests pass through untouched. The
 * uploads feature says how a file over the limit is refused (`tooLarge`).
 */
export function graphqlMultipart(maxBytes: number, tooLarge: () => DomainError): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    drainAfterResponse(req, res);
    // busboy marks a file truncated once it *reaches* the limit; one byte more lets maxBytes through.
    processRequest(req, res, { maxFileSize: maxBytes + 1, maxFiles: 1, maxFieldSize: 100_000 }).then(
      (body) => {
        req.body = body;
        next();
      },
      // Anything else the parser refuses (a cut-off body, a missing `operations` or `map` field) is
      // the client's malformed request, never a server fault; busboy's own errors carry no status.
      (err: { status?: number }) => next(err.status === 413 ? tooLarge() : malformed()),
    );
  };
}

const malformed = () =>
  new DomainError(
    'BAD_USER_INPUT',
    'The upload request could not be read: send a complete GraphQL multipart request (operations, map and one file).',
  );
