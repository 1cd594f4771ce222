import { useEffect, useRef } from 'react';
import { useQuery } from '@apollo/client/react';
import { isRecordingStage } from '../../lib/processing-stage';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { TranscriptLines } from '../player';

/** A backstop while recording: a new chunk's lines normally arrive with the stage line they change. */
const RECORDING_POLL_MS = 20_000;

/**
 * The lines transcribed so far of a session still being processed: a browser recording's transcript
 * grows here while the game goes on (an upload has none until its end). Read again whenever the
 * stage line changes, which the api pushes after each chunk's lines are written.
 */
export function LiveTranscript({ sessionId, stage }: { sessionId: string; stage: string | null }) {
  const { data, refetch } = useQuery(SessionTranscriptLinesQuery, {
    variables: { id: sessionId },
    fetchPolicy: 'network-only',
    pollInterval: isRecordingStage(stage) ? RECORDING_POLL_MS : 0,
  });
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    void refetch();
  }, [stage, refetch]);

  const lines = data?.session.transcriptLines ?? [];
  if (!lines.length) return null;
  return (
    <section className="live-transcript" aria-labelledby="live-transcript-title">
      <h3 id="live-transcript-title">Transcript so far</h3>
      <p className="muted">Summaries and Q &amp; A follow when the session is ready.</p>
      <TranscriptLines lines={lines} />
    </section>
  );
}
