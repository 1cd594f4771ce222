import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import type { TranscriptLineFieldsFragment } from '../../gql/graphql';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { TranscriptPlayer } from '../player';
import { useArchiveSelection } from '../../lib/useArchiveSelection';

type Line = TranscriptLineFieldsFragment;

interface SessionTranscriptProps {
  sessionId: string;
  fallback: ReactNode;
  /** Which lines to show (e.g. table talk hidden); the player follows the ones shown. */
  visible?: (line: Line) => boolean;
  actions?: (line: Line) => ReactNode;
  /** A moment asked for on this page (the timeline): the player opens there and plays. */
  moment?: Moment | null;
}

/** A moment to open the transcript at; `seq` tells one request from the next at the same time. */
export interface Moment {
  ms: number;
  seq: number;
}

/**
 * A session's full transcript as timed lines, fetched when this view opens, with the recording
 * above it when the session has one; `fallback` (the stored text) stands in for sessions
 * transcribed before lines were kept.
 */
export function SessionTranscript({ sessionId, fallback, visible, actions, moment = null }: SessionTranscriptProps) {
  const { timeMs, clearTime } = useArchiveSelection();
  const { data, loading } = useQuery(SessionTranscriptLinesQuery, {
    variables: { id: sessionId },
    fetchPolicy: 'cache-and-network',
  });
  if (!data && loading) return <p className="muted">Loading…</p>;
  const all = data?.session.transcriptLines ?? [];
  const audioUrl = data?.session.audioUrl;
  if (!all.length) return fallback;
  const lines = visible ? all.filter(visible) : all;
  return (
    <TranscriptPlayer
      // Each moment asked for opens the player anew there, as a link to a moment does.
      key={moment?.seq ?? 0}
      sessionId={sessionId}
      audioUrl={audioUrl ?? null}
      lines={lines}
      startAtMs={moment?.ms ?? timeMs}
      playOnStart={moment !== null}
      onStarted={clearTime}
      actions={actions}
    />
  );
}
