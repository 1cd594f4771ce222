import type { MouseEvent, ReactNode } from 'react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { clock } from '../../lib/clock';

type Line = TranscriptLineFieldsFragment;

interface Props {
  lines: readonly Line[];
  /** The line being heard (marked aria-current="time"). */
  currentId?: string | null;
  /** Plays from the line: a click on the line or on its time. Without it the times are plain links. */
  onSeek?: (line: Line) => void;
  /** Controls shown with each line (e.g. an owner's corrections); clicks on them never seek. */
  actions?: (line: Line) => ReactNode;
}

/**
 * The full transcript line by line. Each line's time is a link to its moment in the recording
 * (#t=seconds, with the exact start in data-start-ms); with a player, the line and its time play
 * from there. Table talk stays in the transcript but is set apart and labelled, as summaries and
 * Q&A leave it out.
 */
export function TranscriptLines({ lines, currentId = null, onSeek, actions }: Props) {
  const clicked = (line: Line) => (event: MouseEvent<HTMLLIElement>) => {
    const target = event.target as HTMLElement;
    // Selecting text to copy it, or using a line's own controls, is not a request to play.
    if (target.closest('.transcript-line-actions') || window.getSelection()?.toString()) return;
    onSeek?.(line);
  };
  return (
    <ol className="transcript-lines" aria-label="Transcript lines">
      {lines.map((line) => {
        const time = clock(line.startMs, { short: true });
        const current = line.id === currentId;
        const classes = ['transcript-line', line.tableTalk && 'table-talk', onSeek && 'seekable', current && 'current'];
        return (
          <li
            key={line.id}
            className={classes.filter(Boolean).join(' ')}
            data-line-id={line.id}
            aria-current={current ? 'time' : undefined}
            onClick={onSeek && clicked(line)}
          >
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
              {line.speaker && <span className="transcript-speaker">{line.speaker.displayName}:</span>}
              {line.text}
            </p>
            {actions && <div className="transcript-line-actions">{actions(line)}</div>}
          </li>
        );
      })}
    </ol>
  );
}
