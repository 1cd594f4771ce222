import { types } from 'node:util';
import { DriverException } from '@mikro-orm/core';

interface DatabaseErrorFields {
  code?: unknown;
  routine?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
}

/**
 * What an error handler may print about an unexpected failure. A database error's message holds
 * the failed SQL with its values inlined (MikroORM formats them into the query) and PostgreSQL's
 * own text and detail quote values too ("Key (email)=(…)", "invalid input syntax …: \"…\""), so
 * for those only the class, SQLSTATE, where it happened and the stack frames are kept.
 */
export function loggableError(err: unknown): string {
  // isNativeError: an Error made in another realm (a vm context, as under jest) is still an Error.
  if (!(err instanceof Error) && !types.isNativeError(err)) return `Non-error thrown: ${typeof err}`;
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  const head = isDatabaseError(err) ? describeDatabaseError(err) : `${err.name}: ${err.message}`;
  const cause = err.cause === undefined ? '' : `\ncaused by ${loggableError(err.cause)}`;
  return [head, frames].filter(Boolean).join('\n') + cause;
}

/** MikroORM's wrappers, and pg's own DatabaseError (a five-character SQLSTATE and a severity). */
function isDatabaseError(err: Error): boolean {
  if (err instanceof DriverException) return true;
  const e = err as Error & { code?: unknown; severity?: unknown };
  return typeof e.severity === 'string' && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code);
}

function describeDatabaseError(err: Error & DatabaseErrorFields): string {
  const where = (['routine', 'table', 'column', 'constraint'] as const)
    .filter((key) => typeof err[key] === 'string' && err[key])
    .map((key) => `${key}=${String(err[key])}`);
  const code = typeof err.code === 'string' ? ` (SQLSTATE ${err.code})` : '';
  return `${err.name}${code}${where.length ? ` ${where.join(' ')}` : ''}: query and values withheld`;
}
