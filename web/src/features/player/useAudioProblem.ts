import { useCallback, useState } from 'react';
import { audioProblem } from '../../lib/audio-problem';

/**
 * What to tell the listener when the <audio> element gives up, in the server's words. A problem
 * belongs to the URL it came from: a new URL (the GM-only marks changed) starts without one.
 */
export function useAudioProblem(audioUrl: string | null) {
  const [problem, setProblem] = useState<{ url: string; text: string } | null>(null);
  const onError = useCallback(() => {
    if (!audioUrl) return;
    void audioProblem(audioUrl).then((text) => setProblem({ url: audioUrl, text }));
  }, [audioUrl]);
  const clear = useCallback(() => setProblem(null), []);
  return { problem: problem?.url === audioUrl ? problem.text : null, onError, clear };
}
