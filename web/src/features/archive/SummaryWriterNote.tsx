import { useQuery } from '@apollo/client/react';
import { SessionContentQuery } from '../../lib/session-operations';
import './summary-writer-note.css';

/**
 * Under a session's summary: who wrote it, so a reader knows sentences picked from the transcript
 * from a language model's retelling (which may word things its own way). Read from the session
 * useContent already loads (the cache only: no second request); nothing before the first summaries.
 */
export function SummaryWriterNote({ sessionId }: { sessionId: string }) {
  const { data } = useQuery(SessionContentQuery, { variables: { id: sessionId }, fetchPolicy: 'cache-only' });
  const writer = data?.session.summaryWriter;
  if (!writer) return null;
  return (
    <p className="summary-writer-note">
      {writer.kind === 'LANGUAGE_MODEL' ? (
        <>
          Written by the language model <strong>{writer.model ?? 'configured for this server'}</strong>.
        </>
      ) : (
        <>
          Written offline: the transcript&apos;s own sentences in the third person, picked across the night for the
          people, places and deeds they name.
        </>
      )}
    </p>
  );
}
