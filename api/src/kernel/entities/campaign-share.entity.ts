import { Entity, Index, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';
import type { Campaign } from './campaign.entity';

/**
 * Read-only access to a campaign for one e-mail address. `recipient` is set once an account holds
 * the address (at share time, or the first time that account is seen by the policy); from then on
 * the share follows that account, not the address — see docs/campaigns-contract.md.
 */
@ObjectType({ description: 'A read-only share of a campaign (visible to the owner only).' })
@Entity({ tableName: 'campaign_shares' })
@Unique({ properties: ['campaign', 'recipientEmail'] })
@Index({ properties: ['recipient'] })
@Index({ properties: ['createdBy'] })
export class CampaignShare extends BaseEntity {
  @Field(() => ID)
  declare id: string;

  @Field(() => Date, { description: 'Shared since' })
  declare createdAt: Date & Opt;

  @ManyToOne('Campaign', { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  /** Lower-cased, as accounts store e-mails. */
  @Field(() => String)
  @Property({ type: 'string', length: 320 })
  recipientEmail!: string;

  @ManyToOne(() => User, { ref: true, nullable: true, deleteRule: 'cascade' })
  recipient?: Ref<User> | null;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  createdBy!: Ref<User>;

  /** When the recipient first opened the campaign: until then it is new on their "Shared with me". */
  @Field(() => Date, { nullable: true, description: 'When the recipient first opened it; null until then' })
  @Property({ type: 'Date', columnType: 'timestamptz', nullable: true })
  seenAt?: Date | null;
}
