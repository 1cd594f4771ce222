import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { Config } from '../../config/config';
import { consumeOrRefuse, pooledLimiter } from '../common';
import { parseInput } from '../../kernel/validation';
import { emailSchema } from '../accounts';
import { NewsletterSubscriber } from '../../kernel/entities/newsletter-subscriber.entity';

const subscribeSchema = z.object({ email: emailSchema });

type LimitConfig = Pick<Config, 'NEWSLETTER_MAX_PER_IP' | 'NEWSLETTER_WINDOW_SECONDS'>;

/**
 * Newsletter sign-ups from the landing page: public (no account, no CSRF token: a forged request
 * only signs an address up, which the owner of a form could do anyway), so limited per client IP.
 */
export class NewsletterService {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    private readonly em: EntityManager,
    config: LimitConfig,
  ) {
    this.limiter = pooledLimiter(em, {
      table: 'rate_limits',
      keyPrefix: 'newsletter',
      points: config.NEWSLETTER_MAX_PER_IP,
      duration: config.NEWSLETTER_WINDOW_SECONDS,
    });
  }

  /** Every call counts against the caller's IP, refused ones too, before anything is written. */
  async subscribe(email: unknown, ip: string): Promise<void> {
    await this.countAttempt(ip);
    const input = parseInput(subscribeSchema, { email });
    const at = new Date();
    // Concurrent repeats race to the unique index; the loser simply finds the address already there.
    await this.em
      .createQueryBuilder(NewsletterSubscriber)
      .insert({ id: randomUUID(), createdAt: at, updatedAt: at, email: input.email })
      .onConflict('email')
      .ignore()
      .execute('run');
  }

  private countAttempt(ip: string): Promise<void> {
    return consumeOrRefuse(
      this.limiter,
      ip,
      (wait) => `Too many sign-ups from your network. Please try again in ${wait}.`,
    );
  }
}
