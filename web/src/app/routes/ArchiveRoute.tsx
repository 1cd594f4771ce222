import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ArchivePage } from '../../features/archive/ArchivePage';
import { ArchiveCampaignsQuery, SharedCampaignsQuery } from '../../features/archive/operations';
import { sortCampaigns } from '../../lib/sort-campaigns';

type Phase = { kind: 'deciding' } | { kind: 'redirecting'; to: string } | { kind: 'done' };

const selects = (search: string) => {
  const params = new URLSearchParams(search);
  return Boolean(params.get('campaign_id') || params.get('transcript_id'));
};

/**
 * /archive. Arriving with nothing chosen, a user who owns no campaign but has some shared with
 * them (a new player) opens on "Shared with me" at its first campaign, as if they had picked the
 * tab, instead of an empty "My Archive". Decided once per arrival, so the tabs work as usual after.
 */
export function ArchiveRoute() {
  const { search } = useLocation();
  const [phase, setPhase] = useState<Phase>(() => (selects(search) ? { kind: 'done' } : { kind: 'deciding' }));
  const deciding = phase.kind === 'deciding';
  // The archive's own queries and policies: it then reads the same cache without asking again.
  const own = useQuery(ArchiveCampaignsQuery, { fetchPolicy: 'cache-and-network', skip: !deciding });
  const shared = useQuery(SharedCampaignsQuery, { fetchPolicy: 'cache-and-network', skip: !deciding });

  // State adjusted while rendering (React's pattern for it), so the decision never shows a wrong tab first.
  if (deciding && (own.error || shared.error)) setPhase({ kind: 'done' });
  else if (deciding && own.data && shared.data) {
    const first = sortCampaigns(shared.data.sharedCampaigns, (s) => s.campaign)[0];
    setPhase(
      own.data.campaigns.length === 0 && first
        ? { kind: 'redirecting', to: `/archive?campaign_id=${encodeURIComponent(first.campaign.id)}` }
        : { kind: 'done' },
    );
  } else if (phase.kind === 'redirecting' && selects(search)) setPhase({ kind: 'done' });

  if (phase.kind === 'done') return <ArchivePage />;
  if (phase.kind === 'redirecting') return <Navigate to={phase.to} replace />;
  return <LoadingScreen />;
}
