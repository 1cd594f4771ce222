import type { EntityManager } from '@mikro-orm/postgresql';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Config } from '../../config/config';
import { consumeOrRefuse, pooledLimiter } from '../common';

/**
 * Counts an owner's new shares (SHARE_MAX_PER_OWNER_PER_HOUR). Each new share e-mails its
 * recipient, so without a cap one account could use Questlog to mail anyone, or mail one address
 * over and over (share, revoke, share again). A repeat of an existing share is not counted.
 */
export class ShareThrottle {
  private readonly limiter: RateLimiterPostgres;

  constructor(em: EntityManager, config: Pick<Config, 'SHARE_MAX_PER_OWNER_PER_HOUR'>) {
    this.limiter = pooledLimiter(em, {
      table: 'rate_limits',
      keyPrefix: 'share',
      points: config.SHARE_MAX_PER_OWNER_PER_HOUR,
      duration: 3600,
    });
  }

  take(ownerId: string): Promise<void> {
    return consumeOrRefuse(
      this.limiter,
      ownerId,
      (wait) => `You have shared with many people in a short time. Please try again in ${wait}.`,
    );
  }

  /** A share that turned out not to be new (the same one sent twice at once) gives its count back. */
  async giveBack(ownerId: string): Promise<void> {
    await this.limiter.reward(ownerId);
  }
}
