import type { ArchiveCampaignFieldsFragment } from '../../gql/graphql';

/** A campaign as the archive's sidebar and content panel read it. */
export type ArchiveCampaign = ArchiveCampaignFieldsFragment;
