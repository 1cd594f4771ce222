import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';
import { SessionTranscriptLinesQuery } from './operations';

/**
 * The full transcript line by line. Each line's time is a link to its moment in the recording
 * (#t=seconds, with the exact start in data-start-ms for the player); table talk stays in the
 * transcript but is set apart and labelled, as summaries and Q&A leave it out.
 */
export function TranscriptLines({ lines }: { lines: readonly TranscriptLineFieldsFragment[] }) {
  return (
    <ol className="transcript-lines" aria-label="Transcript lines">
      {lines.map((line) => {
        const time = clock(line.startMs, { short: true });
        return (
          <li key={line.id} className={`transcript-line${line.tableTalk ? ' table-talk' : ''}`}>
            <a
              className="transcript-time"
              href={`#t=${Math.floor(line.startMs / 1000)}`}
              data-start-ms={line.startMs}
              aria-label={`Play from ${time}`}
            >
              {time}
            </a>
            <p className="transcript-text">
              {line.tableTalk && <span className="table-talk-badge">Table talk</span>}
              {line.text}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * A session's full transcript as timed lines, fetched when this view opens; `fallback` (the stored
 * text) stands in for sessions transcribed before lines were kept.
 */
export function SessionTranscript({ sessionId, fallback }: { sessionId: string; fallback: ReactNode }) {
  const { data, loading } = useQuery(SessionTranscriptLinesQuery, {
    variables: { id: sessionId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data && loading) return <p className="muted">Loading…</p>;
  const lines = data?.session.transcriptLines ?? [];
  return lines.length ? <TranscriptLines lines={lines} /> : fallback;
}
