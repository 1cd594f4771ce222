import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router-dom';
import { clock } from '../../lib/clock';
import { LiveNotesQuery } from './operations';

/** How often the notes are read while recording (a chunk is about a minute of speech). */
const POLL_MS = 15_000;
const SHOWN_LINES = 4;

/**
 * Notes while you play: the newest transcribed lines of the recording, as the server has them, and
 * the whole transcript so far in the archive, in a new tab (leaving this page would stop recording).
 */
export function LiveNotes({ sessionId, campaignId }: { sessionId: string; campaignId: string }) {
  const { data } = useQuery(LiveNotesQuery, {
    variables: { id: sessionId },
    pollInterval: POLL_MS,
    fetchPolicy: 'network-only',
  });
  const session = data?.session;
  const lines = session?.transcriptLines.slice(-SHOWN_LINES) ?? [];
  return (
    <div className="live-notes" aria-live="polite">
      <p className="live-notes-stage muted">
        {session?.stage && session.stage !== 'recording' ? session.stage : 'Transcribing as you play…'}
      </p>
      <Link
        className="live-notes-archive"
        to={`/archive?transcript_id=${sessionId}&campaign_id=${campaignId}`}
        target="_blank"
        rel="noopener"
      >
        Follow the transcript in the archive (new tab)
      </Link>
      {lines.length > 0 && (
        <ol className="live-notes-lines">
          {lines.map((line) => (
            <li key={line.id} className={line.tableTalk ? 'live-note-table-talk' : undefined}>
              <span className="live-note-time">{clock(line.startMs, { short: true })}</span> {line.text}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
