import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config/config';
import { DomainError } from '../common/errors';
import { sha256 } from './auth.service';

type ThrottleConfig = Pick<
  Config,
  'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT' | 'LOGIN_MAX_ATTEMPTS_PER_IP' | 'LOGIN_WINDOW_SECONDS'
>;

interface Limiters {
  account: RateLimiterPostgres;
  ip: RateLimiterPostgres;
}

/** One pair per connection pool, so the expired-row sweeper runs once per process, not per request. */
const limitersByPool = new WeakMap<Knex, Limiters>();

function limitersFor(knex: Knex, config: ThrottleConfig): Limiters {
  let limiters = limitersByPool.get(knex);
  if (!limiters) {
    // The table comes from a migration, so the limiter must not try to create it on first use.
    const common = {
      storeClient: knex,
      storeType: 'knex',
      tableName: 'login_attempts',
      tableCreated: true,
      duration: config.LOGIN_WINDOW_SECONDS,
    };
    limiters = {
      account: new RateLimiterPostgres({
        ...common,
        keyPrefix: 'account',
        points: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT,
      }),
      ip: new RateLimiterPostgres({ ...common, keyPrefix: 'ip', points: config.LOGIN_MAX_ATTEMPTS_PER_IP }),
    };
    limitersByPool.set(knex, limiters);
  }
  return limiters;
}

/** Failed-login counters per account and per client IP, kept in PostgreSQL so every api instance shares them. */
export class LoginThrottle {
  private readonly limiters: Limiters;

  constructor(em: EntityManager, config: ThrottleConfig) {
    this.limiters = limitersFor(em.getKnex(), config);
  }

  /**
   * Counts this attempt against both the account and the IP before the password is checked, and
   * refuses when either is over its limit. Counting first (one atomic upsert each) means a burst
   * of parallel guesses cannot all slip past a read-then-write check.
   */
  async begin(email: string, ip: string): Promise<void> {
    const { account, ip: byIp } = this.limiters;
    const [byAccount, byAddress] = await Promise.allSettled([account.consume(accountKey(email)), byIp.consume(ip)]);
    const over = [byAccount, byAddress].flatMap((r) =>
      r.status === 'rejected' && r.reason instanceof RateLimiterRes ? [r.reason] : [],
    );
    for (const r of [byAccount, byAddress])
      if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) throw r.reason;
    if (!over.length) return;
    // A refused attempt checks no password, so it must not use up the other counter's allowance.
    if (byAccount.status === 'fulfilled') await account.reward(accountKey(email));
    if (byAddress.status === 'fulfilled') await byIp.reward(ip);
    throw tooManyAttempts(Math.max(...over.map((s) => s.msBeforeNext)));
  }

  /**
   * A correct password: the account's counter starts over and the attempt is given back to the
   * IP. The IP's earlier failures stay, or one known login would unlock guessing at others.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([this.limiters.account.delete(accountKey(email)), this.limiters.ip.reward(ip)]);
  }
}

/**
 * A password check by a signed-in user re-authenticating (deleting a campaign or session): it
 * counts against the same account counter as logins, so a stolen session cookie cannot be used
 * to guess the password without limit. The caller is known, so the IP counter is not involved.
 */
export class PasswordCheckThrottle {
  private readonly account: RateLimiterPostgres;

  constructor(em: EntityManager, config: ThrottleConfig) {
    this.account = limitersFor(em.getKnex(), config).account;
  }

  async begin(email: string): Promise<void> {
    try {
      await this.account.consume(accountKey(email));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyAttempts(err.msBeforeNext, 'password');
      throw err;
    }
  }

  async succeeded(email: string): Promise<void> {
    await this.account.delete(accountKey(email));
  }
}

// Hashed so the counter table holds no e-mail addresses and keys stay within its 255 characters.
const accountKey = (email: string) => sha256(email);

function tooManyAttempts(msBeforeNext: number, kind: 'login' | 'password' = 'login'): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return new DomainError(
    'RATE_LIMITED',
    `Too many ${kind} attempts. Please try again in ${minutes} ${unit}.`,
    undefined,
    seconds,
  );
}
