import { Entity, Index, ManyToOne, Property } from '@mikro-orm/core';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';

/**
 * One line of the usage ledger: audio seconds charged (positive) or refunded (negative) in a
 * billing period. Usage is the sum of a user's lines for the period, so charges are never edited.
 */
@Entity({ tableName: 'usage_records' })
@Index({ properties: ['user', 'period'] })
export class UsageRecord extends BaseEntity {
  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  /** The billing period (usage.service.ts billingPeriodOf): 'YYYY-MM', or a subscription period's start. */
  @Property({ type: 'string', length: 32 })
  period!: string;

  @Property({ type: 'integer' })
  seconds!: number;

  @Property({ type: 'string' })
  reason!: string;

  /** The processed session this line belongs to, when there is one. */
  @Property({ type: 'uuid', nullable: true })
  sessionId?: string | null;
}
