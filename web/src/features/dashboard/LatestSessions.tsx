import { useApolloClient, useQuery } from '@apollo/client/react';
import { useErrorToast } from '../../lib/useErrorToast';
import { DashboardLatestSessionsQuery, DashboardUsageQuery } from './dashboard-operations';
import { LatestSessionItem } from './LatestSessionItem';

/**
 * The newest sessions of the user's own and shared campaigns, each with where it stands, kept
 * live while processing, each linking to the archive at that session.
 */
export function LatestSessions() {
  const client = useApolloClient();
  const { data, error } = useQuery(DashboardLatestSessionsQuery, { fetchPolicy: 'cache-and-network' });
  useErrorToast(error ? 'Failed to fetch the latest sessions' : null);
  const sessions = data?.latestSessions;
  // A session that ends (READY or FAILED) changes the list's statuses and the hours used.
  const refresh = () => void client.refetchQueries({ include: [DashboardLatestSessionsQuery, DashboardUsageQuery] });

  return (
    <section className="card dashboard-section latest-sessions" aria-labelledby="latest-sessions-title">
      <h2 id="latest-sessions-title">Latest sessions</h2>
      {!sessions ? (
        <p className="muted">Loading…</p>
      ) : sessions.length === 0 ? (
        <p className="muted">No sessions yet. Record or upload a session above and it shows up here.</p>
      ) : (
        <ul className="latest-list">
          {sessions.map((s) => (
            <LatestSessionItem key={s.id} session={s} onSettled={refresh} />
          ))}
        </ul>
      )}
    </section>
  );
}
