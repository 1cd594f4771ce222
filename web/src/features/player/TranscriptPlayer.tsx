import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { TranscriptLines } from './TranscriptLineList';
import { currentLineIndex } from './current-line';
import { usePlayback } from './usePlayback';
import { useAudioProblem } from './useAudioProblem';
import { useCurrentAudio } from './useCurrentAudio';
import { isTextField, useFollowAlong } from './useFollowAlong';
import './player.css';

interface Props {
  sessionId: string;
  /** Null for a session without stored audio: the lines alone, a cited one still marked. */
  audioUrl: string | null;
  lines: readonly TranscriptLineFieldsFragment[];
  /** Where to begin (a Q&A citation's line), applied once; `onStarted` is told when it has been. */
  startAtMs: number | null;
  onStarted?: () => void;
  /** Plays from `startAtMs` at once (a scene picked on the timeline), rather than only landing there. */
  playOnStart?: boolean;
  actions?: (line: TranscriptLineFieldsFragment) => ReactNode;
}

/** Seconds the arrow keys move by. */
const SKIP_SECONDS = 5;

/**
 * The recording above its transcript: the player stays at the top while the lines scroll, the
 * line being heard is marked (aria-current) and kept in view, a line or its time plays from there.
 * With focus anywhere in this region (but not in a field or on a button), Space plays or pauses
 * and ←/→ move 5 s. Without audio, a link to a moment still lands on its line, marked.
 */
export function TranscriptPlayer({
  sessionId,
  audioUrl,
  lines,
  startAtMs,
  onStarted,
  playOnStart = false,
  actions,
}: Props) {
  const region = useRef<HTMLDivElement>(null);
  const { audio, currentMs, toggle, skip, playFrom } = usePlayback(startAtMs, audioUrl);
  // Without audio nothing is heard: only the line a link pointed at (kept after the URL drops it) is marked.
  const [cited] = useState(startAtMs !== null);
  const index = audioUrl !== null || cited ? currentLineIndex(lines, currentMs) : -1;
  const currentId = index >= 0 ? lines[index].id : null;
  const lineElement = useCallback(
    (id: string) => region.current?.querySelector<HTMLElement>(`[data-line-id="${CSS.escape(id)}"]`) ?? null,
    [],
  );
  const follow = useFollowAlong(currentId, lineElement);
  const audioProblem = useAudioProblem(audioUrl);
  const tryAgain = useCurrentAudio(sessionId, audioUrl, audio);

  // A link to a moment lands on its line at once (no smooth scroll from the top of the page).
  useEffect(() => {
    if (startAtMs === null) return;
    if (currentId) follow.reveal(currentId, false);
    if (playOnStart && audioUrl !== null) playFrom(startAtMs);
    onStarted?.();
    // Once, for the moment the page was opened at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (isTextField(event.target) || (event.target as HTMLElement).closest?.('button')) return;
    const moves: Record<string, () => void> = {
      ' ': toggle,
      ArrowLeft: () => skip(-SKIP_SECONDS),
      ArrowRight: () => skip(SKIP_SECONDS),
    };
    const move = moves[event.key];
    if (!move) return;
    // Also keeps the native controls, when focused, from acting on the same key a second time.
    event.preventDefault();
    move();
  };

  const seek = (line: TranscriptLineFieldsFragment) => {
    if (audioUrl === null) return;
    follow.resume();
    playFrom(line.startMs);
    // Keys act on the player from here on, wherever the click landed.
    if (!region.current?.contains(document.activeElement)) region.current?.focus({ preventScroll: true });
  };

  if (audioUrl === null) {
    return (
      <div ref={region}>
        <TranscriptLines lines={lines} currentId={currentId} actions={actions} />
      </div>
    );
  }
  return (
    <div
      ref={region}
      className="transcript-player"
      role="region"
      aria-label="Recording and transcript"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <div className="transcript-player-bar">
        <audio
          ref={audio}
          src={audioUrl}
          controls
          preload="metadata"
          aria-label="Session recording"
          onError={audioProblem.onError}
          onLoadedMetadata={audioProblem.clear}
        />
        <div className="transcript-player-hints">
          <span className="transcript-player-keys muted">Space play/pause · ←/→ 5 s · click a line to play it</span>
          {!follow.following && (
            <button type="button" className="button button-secondary button-small" onClick={follow.resume}>
              Follow along
            </button>
          )}
        </div>
      </div>
      {audioProblem.problem && (
        <p className="transcript-player-problem" role="status">
          {audioProblem.problem}{' '}
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => {
              audioProblem.clear();
              tryAgain();
            }}
          >
            Try again
          </button>
        </p>
      )}
      <TranscriptLines lines={lines} currentId={currentId} onSeek={seek} actions={actions} />
    </div>
  );
}
