import { randomUUID } from 'node:crypto';
import { raw } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../common/errors';
import type { PlanService } from '../plans/plan.service';
import { UsageRecord } from './usage-record.entity';

/** A user's audio allowance for the current month, in hours (spec section 3's usageInfo). */
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

// Hours with enough precision for a second (1/3600), without floating-point tails like 0.49999999.
const hours = (seconds: number) => Math.round((seconds / 3600) * 1e6) / 1e6;

/** The usage ledger: audio seconds charged per session and month; usage is the sum of a month's lines. */
export class UsageService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async summary(userId: string, planId: string): Promise<UsageSummary> {
    const limitSeconds = this.plans.uploadLimitHours(planId) * 3600;
    const usedSeconds = await this.usedSeconds(userId, billingPeriod(this.now()));
    const remainingSeconds = Math.max(0, limitSeconds - usedSeconds);
    return {
      uploadLimit: hours(limitSeconds),
      usedTime: hours(usedSeconds),
      remainingTime: hours(remainingSeconds),
      canUpload: remainingSeconds > 0,
    };
  }

  /** Charges a processed session's audio to this month; a repeated charge for the same session is ignored. */
  async charge(userId: string, seconds: number, sessionId: string): Promise<boolean> {
    if (!Number.isFinite(seconds) || seconds <= 0) throw badInput('Usage must be a positive number of seconds');
    return this.insertOnce({
      userId,
      period: billingPeriod(this.now()),
      seconds: Math.ceil(seconds),
      reason: CHARGE,
      sessionId,
    });
  }

  /**
   * Gives back a session's charge (e.g. processing failed) in the month it was charged, so an
   * old failure does not eat into this month's allowance. Without a charge there is nothing to do.
   */
  async refund(sessionId: string): Promise<boolean> {
    const charge = await this.em.findOne(UsageRecord, { sessionId, reason: CHARGE });
    if (!charge) return false;
    return this.insertOnce({
      userId: charge.user.id,
      period: charge.period,
      seconds: -charge.seconds,
      reason: REFUND,
      sessionId,
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

  // The partial unique index on (session_id, reason) makes retries of the same event a no-op.
  private async insertOnce(line: {
    userId: string;
    period: string;
    seconds: number;
    reason: string;
    sessionId: string;
  }): Promise<boolean> {
    const at = this.now();
    const result = await this.em
      .createQueryBuilder(UsageRecord)
      .insert({
        id: randomUUID(),
        createdAt: at,
        updatedAt: at,
        user: line.userId,
        period: line.period,
        seconds: line.seconds,
        reason: line.reason,
        sessionId: line.sessionId,
      })
      .onConflict()
      .ignore()
      .execute('run');
    return result.affectedRows > 0;
  }
}
