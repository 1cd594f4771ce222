import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config/config';
import { DomainError } from '../../kernel/errors';
import { pooledLimiter, rateLimited } from '../common';
import { forgetDevice, knownDevice, rememberDevice, sha256 } from './auth.service';

export type ThrottleConfig = Pick<
  Config,
  'LOGIN_MAX_ATTEMPTS_PER_ACCOUNT' | 'LOGIN_MAX_ATTEMPTS_PER_IP' | 'LOGIN_WINDOW_SECONDS'
>;

/** A counter of the sign-in table over the sign-in window: sign-in and password reset count alike. */
export const loginWindowCounter = (em: EntityManager, config: ThrottleConfig) => (keyPrefix: string, points: number) =>
  pooledLimiter(em, { table: 'login_attempts', keyPrefix, points, duration: config.LOGIN_WINDOW_SECONDS });

/** The sign-in counters: per account, per client IP, per known device. */
function limitersFor(em: EntityManager, config: ThrottleConfig) {
  const counter = loginWindowCounter(em, config);
  return {
    account: counter('account', config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT),
    ip: counter('ip', config.LOGIN_MAX_ATTEMPTS_PER_IP),
    device: counter('device', config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT),
  };
}

/** One login attempt as the throttle counted it, handed back when the password was right. */
export interface LoginAttempt {
  email: string;
  ip: string;
  /** The known device whose own counter this attempt used; null when it counted as an unknown browser. */
  device: string | null;
}

/**
 * OWASP's device-cookie throttling, so neither a shared address nor a guesser locks an owner out: a browser that
 * signed in before (known_devices) counts against its own cookie alone (over its limit, as unknown), unrefused when
 * the others are spent; other attempts count against the account (distributed guessing) and, failures only, the IP
 * (one address spraying many). Counters live in PostgreSQL for every instance, taken by one atomic upsert before
 * the password check (no read-then-write a burst could slip past) and given back on success.
 */
export class LoginThrottle {
  private readonly limiters: ReturnType<typeof limitersFor>;

  constructor(
    private readonly em: EntityManager,
    config: ThrottleConfig,
  ) {
    this.limiters = limitersFor(em, config);
  }

  /** Counts this attempt (see the class) or refuses it with 429 before any password is checked. */
  async begin(email: string, ip: string, deviceToken?: string): Promise<LoginAttempt> {
    const device = deviceToken ? await knownDevice(this.em, email, deviceToken) : null;
    if (device && (await this.withinDeviceLimit(device))) return { email, ip, device };
    await this.beginUnknown(email, ip);
    return { email, ip, device: null };
  }

  /** A correct password: the counter this attempt used starts over, and the IP gets its try back. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    const { account, ip, device } = this.limiters;
    if (attempt.device) return void (await device.delete(attempt.device));
    // The IP's earlier failures stay, or one known login would unlock guessing at others.
    await Promise.all([account.delete(accountKey(attempt.email)), ip.reward(attempt.ip)]);
  }

  /**
   * After a successful login: a fresh device cookie token for this browser. The one it presented
   * is retired, so each browser holds one row and a copied cookie stops working at the next login.
   */
  async trustDevice(attempt: LoginAttempt, userId: string, presented?: string): Promise<string> {
    const old = presented ? await knownDevice(this.em, attempt.email, presented) : null;
    if (old) await forgetDevice(this.em, old);
    return rememberDevice(this.em, userId);
  }

  private async withinDeviceLimit(device: string): Promise<boolean> {
    try {
      await this.limiters.device.consume(device);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  private async beginUnknown(email: string, ip: string): Promise<void> {
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
}

/**
 * A password check by a signed-in user re-authenticating (deleting a campaign or session): it
 * counts against the same account counter as logins, so a stolen session cookie cannot be used
 * to guess the password without limit. The caller is known, so the IP counter is not involved.
 */
export class PasswordCheckThrottle {
  private readonly account: RateLimiterPostgres;

  constructor(em: EntityManager, config: ThrottleConfig) {
    this.account = limitersFor(em, config).account;
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

/**
 * A password reset proved control of the mailbox: the failed sign-ins that may have led to it no
 * longer hold the account back from browsers it never signed in from.
 */
export async function forgetLoginFailures(em: EntityManager, config: ThrottleConfig, email: string): Promise<void> {
  await limitersFor(em, config).account.delete(accountKey(email));
}

// Hashed so the counter table holds no e-mail addresses and keys stay within its 255 characters.
export const accountKey = (email: string) => sha256(email);

export function tooManyAttempts(
  msBeforeNext: number,
  kind: 'login' | 'password' | 'password reset' = 'login',
): DomainError {
  return rateLimited(msBeforeNext, (wait) => `Too many ${kind} attempts. Please try again in ${wait}.`);
}
