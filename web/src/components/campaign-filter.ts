import type { SidebarCampaign } from './campaign-sidebar.types';

type SidebarSession = SidebarCampaign['sessions'][number];

export interface CampaignMatch {
  campaign: SidebarCampaign;
  /** The sessions to list: all of them when the campaign's title matched, else the matching ones. */
  sessions: readonly SidebarSession[];
  /** True when it is listed for its sessions only: the sidebar opens it to show them. */
  sessionMatched: boolean;
}

/**
 * The campaigns whose title, or one of whose sessions' titles, holds the query (case-insensitive,
 * surrounding spaces ignored); every campaign with all its sessions for an empty query.
 */
export function filterCampaigns(campaigns: readonly SidebarCampaign[], query: string): CampaignMatch[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return campaigns.map((campaign) => ({ campaign, sessions: campaign.sessions, sessionMatched: false }));
  const holds = (text: string) => text.toLocaleLowerCase().includes(needle);
  const matches: CampaignMatch[] = [];
  for (const campaign of campaigns) {
    if (holds(campaign.title)) {
      matches.push({ campaign, sessions: campaign.sessions, sessionMatched: false });
      continue;
    }
    const sessions = campaign.sessions.filter((s) => holds(s.title));
    if (sessions.length) matches.push({ campaign, sessions, sessionMatched: true });
  }
  return matches;
}
