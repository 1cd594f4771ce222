import type { SidebarCampaign } from '../../components/CampaignSidebar';
import type { Scope } from './useQaScope';

/** A campaign as the Q&A sidebar shows it: its sessions, to pick one as the chat's scope. */
export type QaCampaign = SidebarCampaign;
export type QaSession = QaCampaign['sessions'][number];

export interface Resolved {
  campaign: QaCampaign;
  session: QaSession | null;
}

/**
 * The campaign (and session) a scope names, looked up in the lists the user may read; null when
 * the URL names something that is not, or no longer, among them. A link may carry only the
 * session, so its campaign is found through the session.
 */
export function resolveScope(scope: Scope, campaigns: readonly QaCampaign[]): Resolved | null {
  if (scope.kind === 'none') return null;
  if (scope.kind === 'campaign') {
    const campaign = campaigns.find((c) => c.id === scope.campaignId);
    return campaign ? { campaign, session: null } : null;
  }
  for (const campaign of campaigns) {
    const session = campaign.sessions.find((s) => s.id === scope.sessionId);
    if (session) return { campaign, session };
  }
  return null;
}
