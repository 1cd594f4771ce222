import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../kernel/entities/user.entity';
import { hasLiveSubscription } from '../../kernel/subscription-state';
import { badInput } from '../../kernel/errors';
import type { PlanService } from '../plans';
import { UsageRecord } from '../../kernel/entities/usage-record.entity';

/** A user's audio allowance for the current billing period, in hours (docs/product.md#data's usageInfo). */
export interface UsageSummary {
  uploadLimit: number;
  usedTime: number;
  remainingTime: number;
  canUpload: boolean;
}

const CHARGE = 'charge';
const REFUND = 'refund';

/** Billing month of an instant: the UTC calendar month as 'YYYY-MM'. */
export const billingPeriod = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The period a user's audio hours are counted in: a Stripe subscriber's current billing period
 * (so hours start again at each renewal), otherwise the calendar month (Free, self-hosted).
 */
export function billingPeriodOf(
  user: Pick<User, 'stripeSubscriptionId' | 'subscriptionStatus' | 'billingPeriodStart' | 'planId'>,
  at: Date,
): string {
  return hasLiveSubscription(user) && user.billingPeriodStart
    ? user.billingPeriodStart.toISOString()
    : billingPeriod(at);
}

// Hours with enough precision for a second (1/3600), without floating-point tails like 0.49999999.
const hours = (seconds: number) => Math.round((seconds / 3600) * 1e6) / 1e6;

/** The usage ledger: audio seconds charged per session and billing period; usage is the sum of a period's lines. */
export class UsageService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Read from the account as it is now: a plan bought mid-period raises the limit at once. */
  async summary(userId: string): Promise<UsageSummary> {
    const user = await this.em.findOneOrFail(User, userId);
    const limitSeconds = this.plans.uploadLimitHours(user.planId) * 3600;
    const usedSeconds = await this.usedSeconds(userId, billingPeriodOf(user, this.now()));
    const remainingSeconds = Math.max(0, limitSeconds - usedSeconds);
    return {
      uploadLimit: hours(limitSeconds),
      usedTime: hours(usedSeconds),
      remainingTime: hours(remainingSeconds),
      canUpload: remainingSeconds > 0,
    };
  }

  /**
   * Charges a processed session's audio to the current billing period, unless the session is
   * already charged and not refunded: retries of the same activity change nothing, while a new
   * processing attempt after a refund (retrySession, an operator restart) is charged again.
   */
  async charge(userId: string, seconds: number, sessionId: string): Promise<boolean> {
    if (!Number.isFinite(seconds) || seconds <= 0) throw badInput('Usage must be a positive number of seconds');
    return this.withSessionLedger(sessionId, async (em, outstanding) => {
      if (outstanding) return false;
      const user = await em.findOneOrFail(User, userId);
      await this.insert(em, {
        userId,
        period: billingPeriodOf(user, this.now()),
        seconds: Math.ceil(seconds),
        reason: CHARGE,
        sessionId,
      });
      return true;
    });
  }

  /**
   * Gives back what a session has outstanding (e.g. processing failed) in the period it was charged,
   * so an old failure does not eat into this period's allowance. Nothing outstanding: nothing to do.
   */
  async refund(sessionId: string): Promise<boolean> {
    return this.withSessionLedger(sessionId, async (em, outstanding) => {
      if (!outstanding) return false;
      const charge = await em.findOneOrFail(
        UsageRecord,
        { sessionId, reason: CHARGE },
        { orderBy: { createdAt: 'desc' } },
      );
      await this.insert(em, {
        userId: charge.user.id,
        period: charge.period,
        seconds: -outstanding,
        reason: REFUND,
        sessionId,
      });
      return true;
    });
  }

  /**
   * Runs `work` with the session's outstanding (net) charged seconds, holding a per-session
   * advisory lock so two overlapping attempts cannot both charge.
   */
  private withSessionLedger<T>(sessionId: string, work: (em: EntityManager, outstanding: number) => Promise<T>) {
    return this.em.transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`usage:${sessionId}`]);
      const [row] = await em.execute<Array<{ net: string }>>(
        'select coalesce(sum(seconds), 0) as net from usage_records where session_id = ?',
        [sessionId],
      );
      return work(em, Number(row.net));
    });
  }

  private async usedSeconds(userId: string, period: string): Promise<number> {
    const [row] = await this.em
      .createQueryBuilder(UsageRecord)
      .select(raw('coalesce(sum(seconds), 0) as total'))
      .where({ user: userId, period })
      .execute<Array<{ total: string }>>('all', false);
    return Number(row.total);
  }

  private async insert(
    em: EntityManager,
    line: { userId: string; period: string; seconds: number; reason: string; sessionId: string },
  ): Promise<void> {
    em.create(UsageRecord, { ...line, user: line.userId });
    await em.flush();
  }
}
