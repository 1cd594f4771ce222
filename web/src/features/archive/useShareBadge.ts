import { useEffect, useRef } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { MarkSharedCampaignSeenMutation } from './mutations';
import { SharedCampaignsQuery } from './operations';
import { useArchiveSelection } from '../../lib/useArchiveSelection';
import { graphql } from '../../gql';

/** Just enough of "Shared with me" to count what is new, for the app's Archive entry. */
const UnseenSharesQuery = graphql(`
  query UnseenShares {
    sharedCampaigns {
      id
      seen
    }
  }
`);

/**
 * The count on the app's navigation: read once when the app loads; opening a share anywhere updates
 * its cached entry by id, and the count with it.
 */
export function useUnseenShareCount(): number {
  const { data } = useQuery(UnseenSharesQuery, { fetchPolicy: 'cache-and-network' });
  return (data?.sharedCampaigns ?? []).filter((s) => !s.seen).length;
}

/**
 * How many campaigns shared with the viewer they have not opened yet (issue 25's badge on "Shared
 * with me"). Opening one — selecting it or one of its sessions — tells the api once; the cached
 * entry's `seen` then updates by its id and the count with it. Reads the page's own SharedCampaigns
 * query from the cache: no request of its own.
 */
export function useShareBadge(): number {
  const { data } = useQuery(SharedCampaignsQuery, { fetchPolicy: 'cache-only' });
  const { selection } = useArchiveSelection();
  const [markSeen] = useMutation(MarkSharedCampaignSeenMutation);
  const told = useRef(new Set<string>());
  const shares = data?.sharedCampaigns ?? [];
  const opened = shares.find(
    (s) => s.campaign.id === selection.campaignId || s.campaign.sessions.some((x) => x.id === selection.sessionId),
  );
  const unseenOpened = opened && !opened.seen ? opened.id : null;

  useEffect(() => {
    if (!unseenOpened || told.current.has(unseenOpened)) return;
    told.current.add(unseenOpened);
    // A failure leaves the badge up; the next opening tries again.
    markSeen({ variables: { shareId: unseenOpened } }).catch(() => told.current.delete(unseenOpened));
  }, [unseenOpened, markSeen]);

  return shares.filter((s) => !s.seen).length;
}
