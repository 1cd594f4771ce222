import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../../kernel/errors';

/** What one counter limits: its tables come from migrations, so the limiter never creates one. */
export interface LimiterSpec {
  table: 'login_attempts' | 'rate_limits';
  keyPrefix: string;
  points: number;
  /** The window, in seconds. */
  duration: number;
}

/** One limiter per connection pool and counter, so each expired-row sweeper runs once per process. */
const byPool = new WeakMap<Knex, Map<string, RateLimiterPostgres>>();

/**
 * A counter kept in PostgreSQL: every api instance shares it, so scaling out does not multiply an
 * allowance and a restart does not reset it.
 */
export function pooledLimiter(em: EntityManager, spec: LimiterSpec): RateLimiterPostgres {
  const knex = em.getKnex();
  let limiters = byPool.get(knex);
  if (!limiters) byPool.set(knex, (limiters = new Map()));
  const key = `${spec.table}:${spec.keyPrefix}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: knex,
      storeType: 'knex',
      tableName: spec.table,
      tableCreated: true,
      keyPrefix: spec.keyPrefix,
      points: spec.points,
      duration: spec.duration,
    });
    limiters.set(key, limiter);
  }
  return limiter;
}

/** Counts one use of `key`; past the limit, RATE_LIMITED saying how long to wait (`message(wait)`). */
export async function consumeOrRefuse(
  limiter: RateLimiterPostgres,
  key: string,
  message: (wait: string) => string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw rateLimited(err.msBeforeNext, message);
    throw err;
  }
}

/** The refusal of a counter that is full: the wait in whole minutes, and in seconds for Retry-After. */
export function rateLimited(msBeforeNext: number, message: (wait: string) => string): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new DomainError(
    'RATE_LIMITED',
    message(`${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`),
    undefined,
    seconds,
  );
}
