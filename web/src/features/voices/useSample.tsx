import { useState, type ReactNode } from 'react';
import { usePlayback } from '../player';

/** How long a voice's sample plays. */
export const SAMPLE_MS = 5000;

export interface Sample {
  /** The voice whose sample is playing, or null. */
  playing: string | null;
  /** Plays five seconds from `startMs` as `id`'s sample, or stops it if it is the one playing. */
  toggle: (id: string, startMs: number) => void;
  available: boolean;
  element: ReactNode;
}

/** Five seconds of the session's recording at a time, played with the transcript player's playback hook. */
export function useSample(audioUrl: string | null): Sample {
  const { audio, playFrom } = usePlayback(null, audioUrl);
  const [current, setCurrent] = useState<{ id: string; endMs: number } | null>(null);
  const stop = () => {
    audio.current?.pause();
    setCurrent(null);
  };

  return {
    playing: current?.id ?? null,
    available: audioUrl !== null,
    toggle: (id, startMs) => {
      if (current?.id === id) return stop();
      setCurrent({ id, endMs: startMs + SAMPLE_MS });
      playFrom(startMs);
    },
    element: audioUrl && (
      <audio
        ref={audio}
        src={audioUrl}
        preload="none"
        className="voices-audio"
        onTimeUpdate={(e) => {
          if (current && e.currentTarget.currentTime * 1000 >= current.endMs) stop();
        }}
        onEnded={() => setCurrent(null)}
      />
    ),
  };
}
