import { Entity, Enum, ManyToOne, Property, Unique, type Opt, type Ref } from '@mikro-orm/core';
import { registerEnumType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import type { Campaign } from './campaign.entity';

export enum SpeakerRole {
  GM = 'GM',
  PLAYER = 'PLAYER',
}
registerEnumType(SpeakerRole, { name: 'SpeakerRole', description: 'Who a voice is at the table' });

/**
 * One voice of a campaign's cast: a speaker label as recordings name it (a multi-track upload's
 * track, "1-sam.flac" → "sam"; or an engine's label) mapped by the owner to a player and a
 * character. Kept per campaign, so a mapping made once names the speaker in every later session.
 */
@Entity({ tableName: 'campaign_speakers' })
@Unique({ properties: ['campaign', 'label'] })
export class CampaignSpeaker extends BaseEntity {
  @ManyToOne('Campaign', { ref: true, deleteRule: 'cascade' })
  campaign!: Ref<Campaign>;

  @Property({ type: 'string', length: 200 })
  label!: string;

  @Property({ type: 'string', length: 80, nullable: true })
  playerName: Opt<string> | null = null;

  @Property({ type: 'string', length: 80, nullable: true })
  characterName: Opt<string> | null = null;

  @Enum({ items: () => SpeakerRole })
  role: SpeakerRole & Opt = SpeakerRole.PLAYER;
}
