import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';
import { SessionTranscriptLinesQuery } from './operations';

type Line = TranscriptLineFieldsFragment;

interface Props {
  lines: readonly Line[];
  /** Controls shown with each line (e.g. an owner's corrections). */
  actions?: (line: Line) => ReactNode;
}

/**
 * The full transcript line by line. Each line's time is a link to its moment in the recording
 * (#t=seconds, with the exact start in data-start-ms for the player); table talk stays in the
 * transcript but is set apart and labelled, as summaries and Q&A leave it out.
 */
export function TranscriptLines({ lines, actions }: Props) {
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
            {actions && <div className="transcript-line-actions">{actions(line)}</div>}
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
interface SessionTranscriptProps {
  sessionId: string;
  fallback: ReactNode;
  /** Which lines to show (e.g. table talk hidden). */
  visible?: (line: Line) => boolean;
  actions?: (line: Line) => ReactNode;
}

export function SessionTranscript({ sessionId, fallback, visible, actions }: SessionTranscriptProps) {
  const { data, loading } = useQuery(SessionTranscriptLinesQuery, {
    variables: { id: sessionId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data && loading) return <p className="muted">Loading…</p>;
  const lines = data?.session.transcriptLines ?? [];
  if (!lines.length) return fallback;
  return <TranscriptLines lines={visible ? lines.filter(visible) : lines} actions={actions} />;
}
