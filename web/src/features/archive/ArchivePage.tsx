import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { CampaignSidebar } from '../../components/CampaignSidebar';
import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useErrorToast } from '../../lib/useErrorToast';
import { useViewer } from '../../lib/viewer';
import { ArchiveTabs, type Tab } from './ArchiveTabs';
import { ContentPanel } from './ContentPanel';
import { ArchiveCampaignsQuery, SharedCampaignsQuery } from './operations';
import { sortCampaigns } from '../../lib/sort-campaigns';
import type { ArchiveCampaign } from './archive-campaign';
import { useArchiveSelection, type Selection } from '../../lib/useArchiveSelection';
import './archive.css';
import './transcript-lines.css';

interface Entry {
  campaign: ArchiveCampaign;
  shareId: string | null;
}

const holds = (entries: readonly Entry[], s: Selection) =>
  entries.some((e) => e.campaign.id === s.campaignId || e.campaign.sessions.some((x) => x.id === s.sessionId));

/** /archive (docs/product.md#routes, #states): own and shared campaigns, their sessions and texts. */
export function ArchivePage() {
  const { viewer } = useViewer();
  const { selection, select } = useArchiveSelection();
  const [chosenTab, setChosenTab] = useState<Tab | null>(null);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // Lists may have changed on another screen (a campaign created on the dashboard).
  const own = useQuery(ArchiveCampaignsQuery, { fetchPolicy: 'cache-and-network' });
  const shared = useQuery(SharedCampaignsQuery, { fetchPolicy: 'cache-and-network' });
  useErrorToast(own.error ? 'Failed to fetch campaigns' : null);
  useErrorToast(shared.error ? 'Failed to fetch shared campaigns' : null);

  const ownEntries = useMemo<Entry[]>(
    () => sortCampaigns(own.data?.campaigns ?? [], (c) => c).map((campaign) => ({ campaign, shareId: null })),
    [own.data],
  );
  const sharedEntries = useMemo<Entry[]>(
    () =>
      sortCampaigns(shared.data?.sharedCampaigns ?? [], (s) => s.campaign).map((s) => ({
        campaign: s.campaign,
        shareId: s.id,
      })),
    [shared.data],
  );

  // A link into a shared campaign (e.g. from Q & A) opens the tab that holds it.
  const tab: Tab = chosenTab ?? (!holds(ownEntries, selection) && holds(sharedEntries, selection) ? 'shared' : 'mine');
  const entries = tab === 'mine' ? ownEntries : sharedEntries;
  const loaded = tab === 'mine' ? own.data !== undefined : shared.data !== undefined;
  const empty = !selection.campaignId && !selection.sessionId;
  const first = entries[0]?.campaign.id;

  // docs/product.md#states: with nothing selected (and nothing in the URL) the first campaign is shown.
  useEffect(() => {
    if (loaded && empty && first) select({ campaignId: first, sessionId: null });
  }, [loaded, empty, first, select]);

  // The upload redirect names only the session; its campaign comes from the lists.
  const current =
    entries.find((e) => e.campaign.id === selection.campaignId) ??
    entries.find((e) => e.campaign.sessions.some((s) => s.id === selection.sessionId)) ??
    null;
  const session = current?.campaign.sessions.find((s) => s.id === selection.sessionId) ?? null;

  // Every selection pins the tab it was made on, so clearing it later does not jump tabs.
  const choose = (next: Selection) => {
    setChosenTab(tab);
    select(next);
  };
  const switchTab = (next: Tab) => {
    setChosenTab(next);
    select({ campaignId: null, sessionId: null });
  };

  return (
    <>
      <PageHeader
        title="Archive"
        actions={viewer && <UpgradeButton hasSubscription={viewer.hasStripeSubscription} />}
      />
      <div className="archive-bar">
        <ArchiveTabs tab={tab} onChange={switchTab} />
        <button type="button" className="button button-secondary view-campaigns" onClick={() => setSidebarOpen(true)}>
          View Campaigns
        </button>
      </div>
      <div className="archive" role="tabpanel" aria-labelledby={`archive-tab-${tab}`}>
        {loaded && entries.length === 0 ? (
          <section className="card empty-state archive-empty">
            {tab === 'mine' ? (
              <>
                <h2>No campaigns yet</h2>
                <p>
                  Create your first campaign on the <Link to="/dashboard">Dashboard</Link>.
                </p>
              </>
            ) : (
              <>
                <h2>Nothing shared with you yet</h2>
                <p>Campaigns other players share with your e-mail address appear here, read-only.</p>
              </>
            )}
          </section>
        ) : (
          <>
            <CampaignSidebar
              groups={[{ title: 'Campaigns', campaigns: entries.map((e) => e.campaign) }]}
              counts
              campaignId={current?.campaign.id ?? null}
              sessionId={session?.id ?? null}
              open={sidebarOpen}
              onClose={() => setSidebarOpen(false)}
              onSelect={choose}
            />
            {current ? (
              <ContentPanel
                key={`${tab}:${current.campaign.id}:${session?.id ?? ''}`}
                campaign={current.campaign}
                shareId={current.shareId}
                session={session}
                ownCampaigns={ownEntries.map((e) => e.campaign)}
                onSelect={choose}
              />
            ) : (
              <section className="content-panel card">
                <p className="muted">{loaded ? 'Select a campaign or session.' : 'Loading campaigns…'}</p>
              </section>
            )}
          </>
        )}
      </div>
    </>
  );
}
