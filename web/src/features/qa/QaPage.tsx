import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { CampaignSidebar } from '../../components/CampaignSidebar';
import { PageHeader } from '../../components/PageHeader';
import { UpgradeButton } from '../../components/UpgradeButton';
import { useErrorToast } from '../../lib/useErrorToast';
import { useSessionUpdates } from '../../lib/useSessionUpdates';
import { useHeldChatPlace } from './ChatProvider';
import { ChatPanel, NO_ACCESS_MESSAGE } from './ChatPanel';
import { sortCampaigns } from '../../lib/sort-campaigns';
import { resolveScope } from './campaign-lists';
import { QaAccessQuery, QaOwnCampaignsQuery, QaSharedCampaignsQuery } from './operations';
import { scopeKey, useQaScope } from './useQaScope';
import './qa.css';

/** /qa (docs/product.md#routes, #states, #validation): pick a session or a campaign, then ask about it. */
export function QaPage() {
  const { scope, select } = useQaScope();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  // Plans change on other screens, and lists on the archive; both are read afresh on arrival.
  const access = useQuery(QaAccessQuery, { fetchPolicy: 'cache-and-network' });
  const own = useQuery(QaOwnCampaignsQuery, { fetchPolicy: 'cache-and-network' });
  const shared = useQuery(QaSharedCampaignsQuery, { fetchPolicy: 'cache-and-network' });
  useErrorToast(own.error ? 'Failed to fetch campaigns' : null);
  useErrorToast(shared.error ? 'Failed to fetch shared campaigns' : null);
  useErrorToast(access.error ? 'Failed to fetch account information' : null);

  const ownCampaigns = useMemo(() => sortCampaigns(own.data?.campaigns ?? [], (c) => c), [own.data]);
  const sharedCampaigns = useMemo(
    () =>
      sortCampaigns(
        (shared.data?.sharedCampaigns ?? []).map((s) => s.campaign),
        (c) => c,
      ),
    [shared.data],
  );
  const listsLoaded = own.data !== undefined && shared.data !== undefined;
  const target = resolveScope(scope, [...ownCampaigns, ...sharedCampaigns]);
  const me = access.data?.me;

  // A link that names only the session (the archive's Q & A button) gets its campaign added, so
  // the URL always says where the chat is, as a sidebar choice would.
  const linkedSession = scope.kind === 'session' ? scope.sessionId : null;
  const linkedCampaign = scope.kind === 'none' ? null : scope.campaignId;
  const holdingCampaign = target?.campaign.id ?? null;
  useEffect(() => {
    if (linkedSession && holdingCampaign && linkedCampaign !== holdingCampaign) {
      select({ sessionId: linkedSession, campaignId: holdingCampaign });
    }
  }, [linkedSession, linkedCampaign, holdingCampaign, select]);

  // A bare /qa (the main navigation's link) reopens the conversation of this visit where it was.
  const held = useHeldChatPlace();
  const bare = scope.kind === 'none';
  useEffect(() => {
    if (bare && held) select(held);
  }, [bare, held, select]);

  // A chosen session still being processed becomes askable the moment it is READY.
  const processing = target?.session?.status === 'PROCESSING' ? target.session.id : null;
  useSessionUpdates(processing, {
    onSettled: () => {
      void own.refetch();
      void shared.refetch();
    },
  });

  let placeholder: string;
  if (scope.kind === 'none') placeholder = 'Select a session or a campaign to ask about it.';
  else if (!listsLoaded || !me) placeholder = 'Loading campaigns…';
  else placeholder = 'This session or campaign is not available to you. Select another one.';

  return (
    <div className="qa-page">
      {/* On a phone the campaigns button shares the title's row, so the chat keeps the screen. */}
      <PageHeader
        title="Q & A"
        actions={
          <>
            {me && <UpgradeButton hasSubscription={me.hasStripeSubscription} />}
            <button
              type="button"
              className="button button-secondary qa-view-campaigns"
              onClick={() => setSidebarOpen(true)}
            >
              View Campaigns
            </button>
          </>
        }
      />
      <div className="qa">
        <CampaignSidebar
          groups={[
            { title: 'My campaigns', campaigns: ownCampaigns, empty: 'No campaigns yet.' },
            { title: 'Shared campaigns', campaigns: sharedCampaigns, empty: 'Nothing shared with you yet.' },
          ]}
          loading={!listsLoaded}
          campaignId={target?.campaign.id ?? null}
          sessionId={target?.session?.id ?? null}
          open={sidebarOpen}
          onClose={() => setSidebarOpen(false)}
          onSelect={select}
        />
        {target && me ? (
          // A new scope mounts a new chat: the spec clears the history when the scope changes.
          <ChatPanel key={scopeKey(scope)} target={target} hasValidAccess={me.hasValidAccess} />
        ) : (
          <section className="qa-chat card qa-empty">
            <p className="muted">{placeholder}</p>
            {me && !me.hasValidAccess && <p className="notice">{NO_ACCESS_MESSAGE}</p>}
          </section>
        )}
      </div>
    </div>
  );
}
