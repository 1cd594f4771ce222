import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { accountKey, loginWindowCounter, tooManyAttempts, type ThrottleConfig } from './login-throttle';

function limitersFor(em: EntityManager, config: ThrottleConfig) {
  const counter = loginWindowCounter(em, config);
  return {
    address: counter('reset-address', config.LOGIN_MAX_ATTEMPTS_PER_ACCOUNT),
    requestIp: counter('reset-ip', config.LOGIN_MAX_ATTEMPTS_PER_IP),
    linkIp: counter('reset-link-ip', config.LOGIN_MAX_ATTEMPTS_PER_IP),
  };
}

/**
 * Password reset with the sign-in limits (LOGIN_*), in counters of its own so neither uses up the
 * other's allowance: requests per address (nobody can flood a mailbox) and per IP (one client cannot
 * mail many), counted whether or not the address has an account so a refusal tells nothing; uses of
 * a link per IP, failures only, as for sign-in.
 */
export class PasswordResetThrottle {
  private readonly limiters: ReturnType<typeof limitersFor>;

  constructor(em: EntityManager, config: ThrottleConfig) {
    this.limiters = limitersFor(em, config);
  }

  async request(email: string, ip: string): Promise<void> {
    const { address, requestIp } = this.limiters;
    const results = await Promise.allSettled([address.consume(accountKey(email)), requestIp.consume(ip)]);
    for (const r of results) if (r.status === 'rejected' && !(r.reason instanceof RateLimiterRes)) throw r.reason;
    const over = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as RateLimiterRes] : []));
    if (!over.length) return;
    // A refused request sends nothing, so it must not use up the other counter's allowance.
    if (results[0].status === 'fulfilled') await address.reward(accountKey(email));
    if (results[1].status === 'fulfilled') await requestIp.reward(ip);
    throw tooManyAttempts(Math.max(...over.map((s) => s.msBeforeNext)), 'password reset');
  }

  /** Counts a use of a link before it is checked; `succeeded` gives it back. */
  async begin(ip: string): Promise<void> {
    try {
      await this.limiters.linkIp.consume(ip);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooManyAttempts(err.msBeforeNext, 'password reset');
      throw err;
    }
  }

  async succeeded(ip: string): Promise<void> {
    await this.limiters.linkIp.reward(ip);
  }
}
