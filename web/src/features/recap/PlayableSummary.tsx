import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { useAudioProblem, usePlayback } from '../player';
import { SessionTimelineQuery } from './operations';
import { RecapSummary } from './RecapSummary';
import { readSummary, type ReadSummary, type Recap, type SummaryKind } from './recap-views';
import './recap.css';

interface Props {
  sessionId: string;
  kind: SummaryKind;
  recap: Recap;
  html: string;
  /** Opens the Full Transcript at a moment: where a sentence leads without a recording. */
  onOpen: (ms: number) => void;
  /** The stored text, shown as it is when the recap did not write it. */
  fallback: ReactNode;
  /** Under the summary (who wrote it). */
  note: ReactNode;
}

/**
 * A generated summary whose sentences play: the recording sits above it (as above the transcript),
 * and a sentence plays from the line it was told from. Without a recording a sentence opens the
 * transcript at its line instead.
 */
export function PlayableSummary({ sessionId, kind, recap, html, onOpen, fallback, note }: Props) {
  const read = useMemo(() => readSummary(kind, recap, html), [kind, recap, html]);
  const { data } = useQuery(SessionTimelineQuery, { variables: { id: sessionId }, fetchPolicy: 'cache-first' });
  const audioUrl = data?.session.audioUrl ?? null;
  if (!read) return fallback;
  return (
    <>
      {audioUrl ? (
        // Its own element per recording: the playback state listens to the element it mounted with.
        <WithRecording key={audioUrl} audioUrl={audioUrl} recap={recap} read={read} />
      ) : (
        <RecapSummary recap={recap} read={read} onPlay={onOpen} playingMs={null} />
      )}
      {note}
    </>
  );
}

function WithRecording({ audioUrl, recap, read }: { audioUrl: string; recap: Recap; read: NonNullable<ReadSummary> }) {
  const { audio, playing, playFrom } = usePlayback(null, audioUrl);
  const audioProblem = useAudioProblem(audioUrl);
  const [asked, setAsked] = useState<number | null>(null);
  const onPlay = (ms: number) => {
    setAsked(ms);
    playFrom(ms);
  };
  return (
    <>
      <div className="transcript-player-bar recap-player-bar">
        <audio
          ref={audio}
          src={audioUrl}
          controls
          preload="metadata"
          aria-label="Recording of the night"
          onError={audioProblem.onError}
          onLoadedMetadata={audioProblem.clear}
        />
        <span className="muted recap-player-hint">Click a sentence to hear the moment it tells.</span>
        {audioProblem.problem && (
          <span className="transcript-player-problem" role="status">
            {audioProblem.problem}
          </span>
        )}
      </div>
      <RecapSummary recap={recap} read={read} onPlay={onPlay} playingMs={playing ? asked : null} />
    </>
  );
}
