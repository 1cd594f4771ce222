import { Collection, Entity, Index, ManyToOne, OneToMany, Property, type Opt, type Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { BaseEntity } from './base.entity';
import { User } from './user.entity';
import { Session } from './session.entity';
import { CampaignShare } from './campaign-share.entity';
import { CampaignSummary } from './campaign-summary.entity';

export const CAMPAIGN_TITLE_MAX = 200;

/** A group of played sessions, owned by one user and shared read-only by e-mail. */
// simpleResolvers: plain fields read straight off the object, as on Session (lists show many).
@ObjectType({
  description: 'A campaign: sessions grouped under one title. Reached only through the access policy.',
  simpleResolvers: true,
})
@Entity({ tableName: 'campaigns' })
@Index({ properties: ['owner', 'createdAt'] })
export class Campaign extends BaseEntity {
  @Field(() => ID)
  declare id: string;

  @Field(() => Date)
  declare createdAt: Date & Opt;

  @ManyToOne(() => User, { ref: true, deleteRule: 'cascade' })
  owner!: Ref<User>;

  @Field(() => String)
  @Property({ type: 'string', length: CAMPAIGN_TITLE_MAX })
  title!: string;

  @Field(() => Date, { description: 'Last change to the campaign, its sessions or their content' })
  @Property({ type: 'Date', columnType: 'timestamptz' })
  lastEditedAt: Date & Opt = new Date();

  @Field(() => String, {
    description: 'Names of characters, places and NPCs, given to speech-to-text engines that accept a prompt',
  })
  @Property({ type: 'text' })
  vocabulary: string & Opt = '';

  @OneToMany(() => Session, (s) => s.campaign)
  sessions = new Collection<Session>(this);

  @OneToMany(() => CampaignSummary, (s) => s.campaign)
  summaries = new Collection<CampaignSummary>(this);

  @OneToMany(() => CampaignShare, (s) => s.campaign)
  shares = new Collection<CampaignShare>(this);
}

/** Marks a campaign as changed now (the archive sorts by it); the caller flushes. */
export function touch(campaign: Campaign): void {
  campaign.lastEditedAt = new Date();
}
