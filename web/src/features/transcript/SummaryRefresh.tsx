import { useApolloClient } from '@apollo/client/react';
import { useSessionUpdates } from '../../lib/useSessionUpdates';
import { SessionContentQuery } from '../../lib/session-operations';

interface Props {
  sessionId: string;
  /** The session's stage while it is READY: set while its summaries are written again after corrections. */
  stage: string | null;
}

/**
 * A finished session whose lines were corrected: its summaries are written again shortly after.
 * Listens to the session's live updates (READY with stage "summarize", then READY without a stage)
 * and reloads the session each time, so the notice shows and the new summaries replace the old.
 */
export function SummaryRefresh({ sessionId, stage }: Props) {
  const client = useApolloClient();
  useSessionUpdates(sessionId, {
    onSettled: () => void client.refetchQueries({ include: [SessionContentQuery] }),
  });
  return (
    <p className="summary-refresh muted" role="status" aria-live="polite">
      {stage ? 'Updating the summaries after a transcript correction…' : ''}
    </p>
  );
}
