import type { CampaignSidebarFieldsFragment } from '../gql/graphql';

/*
 * The sidebar's shapes, apart from the component: its entries and its filter read them without
 * importing the sidebar that imports them.
 */

/** What the sidebar reads of a campaign (CampaignSidebar's fragment). */
export type SidebarCampaign = CampaignSidebarFieldsFragment;

export interface SidebarGroup {
  title: string;
  /** Already in the spec's sort order; each with its sessions, oldest first. */
  campaigns: readonly SidebarCampaign[];
  /** Said in place of an empty list once loaded; without it an empty group shows no text. */
  empty?: string;
}

export interface SidebarSelection {
  campaignId: string;
  sessionId: string | null;
}
