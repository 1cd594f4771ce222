import type { CSSProperties } from 'react';
import { useQuery } from '@apollo/client/react';
import { clock } from '../../lib/clock';
import { SessionTimelineQuery } from './operations';
import type { Recap } from './recap-views';
import { percent, speakerLanes, tableTalkSpans, type Span } from './timeline';
import './recap.css';

interface Props {
  sessionId: string;
  recap: Recap;
  /** Opens the transcript at a moment and plays from there. */
  onPick: (ms: number) => void;
}

/** Speakers' colours: distinct beside the indigo bands and readable on white. */
const SPEAKER_COLOURS = ['#0f766e', '#b45309', '#be185d', '#4d7c0f', '#7c3aed', '#0369a1', '#b91c1c', '#57534e'];

/**
 * The night at a glance: its scenes as bands in order, each as wide as it lasted, table talk shaded
 * over them and, where the recording knows them, a thin lane per speaker. A band is a button: it
 * opens the transcript at the scene and plays from there. On a narrow screen the bands keep a
 * readable width and the strip scrolls sideways; a cut label keeps its full title in the name.
 */
export function SessionTimeline({ sessionId, recap, onPick }: Props) {
  const { data } = useQuery(SessionTimelineQuery, { variables: { id: sessionId }, fetchPolicy: 'cache-first' });
  const lines = data?.session.transcriptLines ?? [];
  const scenes = recap.scenes;
  if (!scenes.length) return null;
  const totalMs = Math.max(
    1,
    (data?.session.durationSeconds ?? 0) * 1000,
    ...scenes.map((s) => s.endMs),
    ...lines.map((l) => l.endMs),
  );
  const tableTalk = tableTalkSpans(lines);
  const lanes = speakerLanes(lines);
  const at = (span: Span): CSSProperties => ({
    left: percent(span.startMs, totalMs),
    width: percent(span.endMs - span.startMs, totalMs),
  });
  // On a phone each band keeps room for a few letters of its title (recap.css); wider screens fit the night.
  const track = { '--scenes': scenes.length } as CSSProperties;

  return (
    <section className="session-timeline" aria-labelledby="session-timeline-title">
      <div className="session-timeline-head">
        <h3 id="session-timeline-title">The night at a glance</h3>
        <span className="muted">
          {scenes.length} {scenes.length === 1 ? 'scene' : 'scenes'} · {clock(totalMs, { short: true })}
        </span>
      </div>
      <div className="session-timeline-scroll">
        <div className="session-timeline-track" style={track}>
          <ol className="session-timeline-bands" aria-label="Scenes">
            {scenes.map((scene, i) => {
              const from = clock(scene.startMs, { short: true });
              const to = clock(scene.endMs, { short: true });
              return (
                <li key={`${i}-${scene.startMs}`} style={at(scene)}>
                  <button
                    type="button"
                    className={`session-timeline-band${scene.main ? ' main' : ''}`}
                    data-start-ms={scene.startMs}
                    aria-label={`${scene.title}, ${from} to ${to}: play from ${from}`}
                    title={`${scene.title} (${from}–${to})`}
                    onClick={() => onPick(scene.startMs)}
                  >
                    <span className="session-timeline-label">{scene.title}</span>
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="session-timeline-overlay" aria-hidden="true">
            {tableTalk.map((span) => (
              <span key={span.startMs} className="session-timeline-table-talk" style={at(span)} />
            ))}
          </div>
          {lanes.map((lane, i) => (
            <div key={lane.name} className="session-timeline-lane" aria-hidden="true">
              {lane.spans.map((span) => (
                <span key={span.startMs} style={{ ...at(span), background: SPEAKER_COLOURS[i] }} />
              ))}
            </div>
          ))}
        </div>
      </div>
      {(tableTalk.length > 0 || lanes.length > 0) && (
        <ul className="session-timeline-legend" aria-label="Timeline key">
          {tableTalk.length > 0 && (
            <li>
              <span className="session-timeline-swatch table-talk" aria-hidden="true" /> Table talk
            </li>
          )}
          {lanes.map((lane, i) => (
            <li key={lane.name}>
              <span className="session-timeline-swatch" style={{ background: SPEAKER_COLOURS[i] }} aria-hidden="true" />{' '}
              {lane.name}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
