import type { MouseEvent, ReactElement, ReactNode } from 'react';
import { clock } from '../../lib/clock';
import { list, prose, type ReadSummary, type Recap, type RecapScene, type Sentence } from './recap-views';

interface Props {
  recap: Recap;
  /** The stored summary read back as the recap (readSummary). */
  read: NonNullable<ReadSummary>;
  onPlay: (ms: number) => void;
  /** The moment last asked for while it plays: its sentences are marked. */
  playingMs: number | null;
}

/**
 * A generated summary drawn from its recap, so that every sentence is a link that plays the moment
 * it was told from. The time is in each link's name; the moment playing is marked.
 */
export function RecapSummary({ recap, read, onPlay, playingMs }: Props) {
  const say = (sentence: Sentence) => (
    <SentenceLink
      key={`${sentence.startMs}-${sentence.text}`}
      sentence={sentence}
      onPlay={onPlay}
      playingMs={playingMs}
    />
  );
  if (read.kind === 'brief') {
    return (
      <div className="rich-text recap-text">
        <p>
          <em className="recap-previously">Previously…</em> {spaced(read.sentences.map(say))}
        </p>
      </div>
    );
  }
  if (read.kind === 'moderate') {
    return (
      <div className="rich-text recap-text">
        {read.blocks.map((block, i) => (
          <p key={i}>
            {block.title && <strong>{block.title}.</strong>} {spaced(block.sentences.map(say))}
          </p>
        ))}
      </div>
    );
  }
  return (
    <div className="rich-text recap-text">
      {recap.scenes.map((scene, i) => (
        <DetailedScene key={i} scene={scene} say={say} />
      ))}
      {recap.threads.length > 0 && (
        <>
          <h3>Open threads</h3>
          <ul>
            {recap.threads.map((t) => (
              <li key={`${t.startMs}-${t.text}`}>{say(t)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function DetailedScene({ scene, say }: { scene: RecapScene; say: (s: Sentence) => ReactElement }) {
  const places = scene.where.filter((w) => w !== scene.title);
  const facts: [string, ReactNode][] = [];
  if (scene.people.length) facts.push(['With', list(scene.people)]);
  if (scene.met.length) facts.push(['Met', list(scene.met)]);
  if (places.length) facts.push(['Places', list(places)]);
  if (scene.found.length) facts.push(['Found or decided', spaced(scene.found.map(say))]);
  if (!scene.happened.length && !facts.length) return null;
  return (
    <section className="recap-scene" aria-label={scene.title}>
      <h3>
        {scene.title} <span className="recap-scene-time">({clock(scene.startMs, { short: true })})</span>
      </h3>
      {scene.happened.length > 0 && <p>{spaced(scene.happened.map(say))}</p>}
      {facts.length > 0 && (
        <ul className="recap-facts">
          {facts.map(([label, value]) => (
            <li key={label}>
              <strong>{label}:</strong> {value}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SentenceLink({
  sentence,
  onPlay,
  playingMs,
}: {
  sentence: Sentence;
  onPlay: (ms: number) => void;
  playingMs: number | null;
}) {
  const time = clock(sentence.startMs, { short: true });
  const text = prose(sentence);
  const current = playingMs === sentence.startMs;
  return (
    <a
      className={`recap-sentence${current ? ' current' : ''}`}
      href={`#t=${Math.floor(sentence.startMs / 1000)}`}
      data-start-ms={sentence.startMs}
      aria-label={`${text} Play from ${time}`}
      aria-current={current ? 'time' : undefined}
      title={`Play from ${time}`}
      onClick={(e) => play(e, onPlay, sentence.startMs)}
    >
      {text}
    </a>
  );
}

/** The link's own address (#t=…) is for a copy or a new tab; here it plays in the page. */
function play(event: MouseEvent, onPlay: (ms: number) => void, ms: number) {
  if (event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  onPlay(ms);
}

/** Sentences side by side as prose: a space between each. */
function spaced(nodes: ReactElement[]): ReactNode[] {
  return nodes.flatMap((node, i) => (i ? [' ', node] : [node]));
}
