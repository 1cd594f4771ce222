import { ConnectionException } from '@mikro-orm/core';

/**
 * SQLSTATEs that mean "the database is not there right now" rather than "this query is wrong": the
 * connection failed or went (08000, 08001, 08003, 08004, 08006; not 08P01, a malformed message such
 * as a NUL byte in a value), or the server is shutting down or starting up (57P01–57P03: a restart).
 */
const UNAVAILABLE_SQLSTATE = /^(?:0800[01346]|57P0[123])$/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const GONE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error|Timeout acquiring a connection/i;

/**
 * Whether an error (or what it wraps) says the database could not be reached: worth a 503 and a
 * retry, never a 500. The pool waits out short outages itself (ormConfig); this covers the queries
 * that were in flight when the connection went, and outages longer than the pool waits.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof ConnectionException) return true;
    const { code, sqlState, name, message, cause } = e as {
      code?: unknown;
      sqlState?: unknown;
      name?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    const state = typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : '';
    if (UNAVAILABLE_SQLSTATE.test(state) || SOCKET_CODES.has(state)) return true;
    if (name === 'KnexTimeoutError') return true;
    if (typeof message === 'string' && GONE_MESSAGE.test(message)) return true;
    e = cause;
  }
  return false;
}
