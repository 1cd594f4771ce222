import type { Campaign } from '../../kernel/entities/campaign.entity';

/**
 * A campaign as the list of one's own campaigns reads it: a plain row with the entity's eager
 * columns under its property names (plain-rows.ts), the owner as `{ id }`. Its GraphQL fields
 * resolve from it as from the entity; what needs the entity (its collections) asks
 * CampaignService.entityOf.
 */
export type CampaignListItem = Omit<Campaign, 'owner' | 'sessions' | 'summaries' | 'shares'> & {
  owner: { id: string };
};

/** A campaign as resolvers receive it: the entity (read through the policy) or a row of the owner's list. */
export type CampaignView = Campaign | CampaignListItem;
