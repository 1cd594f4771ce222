import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config/config';
import { DomainError } from '../common/errors';
import { sha256 } from './auth.service';

type ThrottleConfig = Pick<Config, 'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT' | 'LOGIN_MAX_ATTEMPTS_PER_IP' | 'LOGIN_WINDOW_SECONDS'>;

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
    const common = { storeClient: knex, storeType: 'knex', tableName: 'login_attempts', tableCreated: true, duration: config.LOGIN_WINDOW_SECONDS };
    limiters = {
      account: new RateLimiterPostgres({ ...common, keyPrefix: 'account', points: config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT }),
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

  /** Refuses before the password is even checked, so a locked account cannot be probed further. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const { account, ip: byIp } = this.limiters;
    const states = await Promise.all([account.get(accountKey(email)), byIp.get(ip)]);
    const limits = [account.points, byIp.points];
    const blocked = states.filter((s, i): s is RateLimiterRes => s !== null && s.consumedPoints >= limits[i]);
    if (blocked.length) throw tooManyAttempts(Math.max(...blocked.map((s) => s.msBeforeNext)));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const results = await Promise.allSettled([this.limiters.account.consume(accountKey(email)), this.limiters.ip.consume(ip)]);
    for (const r of results) {
      // A RateLimiterRes rejection only says this attempt went over the limit; the next one is refused.
      if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) throw r.reason;
    }
  }

  /** A correct password clears the account's counter; the IP's stays, or one known login would unlock guessing others. */
  async recordSuccess(email: string): Promise<void> {
    await this.limiters.account.delete(accountKey(email));
  }
}

// Hashed so the counter table holds no e-mail addresses and keys stay within its 255 characters.
const accountKey = (email: string) => sha256(email);

function tooManyAttempts(msBeforeNext: number): DomainError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.ceil(seconds / 60);
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return new DomainError('RATE_LIMITED', `Too many login attempts. Please try again in ${minutes} ${unit}.`, undefined, seconds);
}
