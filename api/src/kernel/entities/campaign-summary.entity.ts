import { Entity, Enum, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import type { Campaign } from './campaign.entity';

/** Campaign-level summary kinds; the REST names (docs/product.md#plans-and-limits) map onto these in summary-types.ts. */
export enum CampaignSummaryType {
  BRIEF = 'brief',
  MODERATE = 'moderate',
  DETAILED = 'detailed',
  FULL = 'full',
}

registerEnumType(CampaignSummaryType, { name: 'CampaignSummaryType' });

/** One summary of a whole campaign; at most one per kind. */
@ObjectType({ description: 'A summary of a whole campaign (one per type).' })
@Entity({ tableName: 'campaign_summaries' })
@Unique({ properties: ['campaign', 'type'] })
export class CampaignSummary extends BaseEntity {
  @Field(() => ID)
  declare id: string;

  @Field(() => Date)
  declare updatedAt: Date & Opt;

  @ManyToOne('Campaign', { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @Field(() => CampaignSummaryType)
  @Enum({ items: () => CampaignSummaryType })
  type!: CampaignSummaryType;

  @Field(() => String, { description: 'Stored exactly as sent; may hold HTML' })
  @Property({ type: 'text' })
  text: string & Opt = '';

  /** Written by the owner: processing of new sessions no longer rebuilds it, so no edit is lost. */
  @Field(() => Boolean, { description: 'Edited by the owner (no longer rebuilt as sessions are processed)' })
  @Property({ type: 'boolean' })
  editedByOwner: boolean & Opt = false;
}
