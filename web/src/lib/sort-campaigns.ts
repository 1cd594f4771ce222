/** What the sidebar order needs to know of a campaign. */
export interface SortableCampaign {
  sessions: readonly unknown[];
  lastEditedAt: string;
}

/**
 * docs/product.md#states, shared by the archive and /qa ("same sidebar"): campaigns with sessions before
 * empty ones, then the most recently edited first. The api always sends lastEditedAt (bumped by
 * every change to the campaign or its sessions), so the spec's fallback to the first session's
 * date is never needed.
 */
export function sortCampaigns<T>(items: readonly T[], campaignOf: (item: T) => SortableCampaign): T[] {
  return [...items].sort((a, b) => {
    const ca = campaignOf(a);
    const cb = campaignOf(b);
    const filled = Number(cb.sessions.length > 0) - Number(ca.sessions.length > 0);
    return filled || Date.parse(cb.lastEditedAt) - Date.parse(ca.lastEditedAt);
  });
}
