import { useCallback, useState } from 'react';

const CANNOT_PLAY = 'The recording could not be played.';

/**
 * What to tell the listener when the <audio> element gives up: it says nothing of why, so the
 * server is asked once (one byte) for its own words, e.g. "The recording is being prepared. Please
 * try again in a minute." for a player's copy that is not made yet.
 */
export function useAudioProblem(audioUrl: string | null) {
  const [problem, setProblem] = useState<string | null>(null);
  const onError = useCallback(() => {
    if (!audioUrl) return;
    void fetch(audioUrl, { headers: { Range: 'bytes=0-0' } })
      .then(async (res) => {
        if (res.ok) return setProblem(CANNOT_PLAY);
        const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
        setProblem(typeof body?.error === 'string' ? body.error : CANNOT_PLAY);
      })
      .catch(() => setProblem(CANNOT_PLAY));
  }, [audioUrl]);
  return { problem, onError, clear: () => setProblem(null) };
}
