import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { DomainError, HTTP_STATUS, unavailable } from '../kernel/errors';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { loggableError } from '../db/loggable-error';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

/** Turns an error into the JSON the spec's clients read: `{ error, code, field? }`. */
export function errorBody(err: unknown): { status: number; body: Record<string, unknown> } {
  if (err instanceof DomainError) {
    const body: Record<string, unknown> = { error: err.message, code: err.code };
    if (err.field) body.field = err.field;
    return { status: HTTP_STATUS[err.code], body };
  }
  const e = err as BodyParserError;
  if (e?.type === 'entity.parse.failed')
    return { status: 400, body: { error: 'Malformed JSON body', code: 'BAD_USER_INPUT' } };
  if (e?.type === 'entity.too.large')
    return { status: 413, body: { error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' } };
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported') {
    return { status: 415, body: { error: e.message, code: 'UNSUPPORTED_MEDIA_TYPE' } };
  }
  // Other 4xx errors come from middleware (static files, body parsing): their messages can carry
  // file paths, so only the standard status text goes out.
  if (e?.status && e.status >= 400 && e.status < 500) {
    const code = e.status === 404 ? 'NOT_FOUND' : 'BAD_USER_INPUT';
    return { status: e.status, body: { error: STATUS_CODES[e.status] ?? 'Bad request', code } };
  }
  return { status: 500, body: { error: 'Internal server error', code: 'INTERNAL' } };
}

/** The one place where failures become HTTP responses for the REST shims. */
export const errorHandler: ErrorRequestHandler = (caught, _req, res, _next) => {
  // A database restart is an outage to wait out (503, Retry-After), not a server fault.
  const err = isDatabaseUnavailable(caught) ? unavailable() : caught;
  // The answer already went out (a 408 for a body that stalled) and a handler tried to answer too:
  // the request was ended on purpose, not failed.
  if (res.headersSent && (err as { code?: unknown } | undefined)?.code === 'ERR_HTTP_HEADERS_SENT') return;
  const { status, body } = errorBody(err);
  if (status >= 500) console.error(loggableError(err));
  if (err instanceof DomainError && err.retryAfterSeconds) res.set('Retry-After', String(err.retryAfterSeconds));
  if (!res.headersSent) res.status(status).json(body);
};
