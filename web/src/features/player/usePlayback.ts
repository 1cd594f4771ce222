import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface Playback {
  audio: RefObject<HTMLAudioElement | null>;
  /** Where playback stands, in ms (updated as it plays and when it seeks). */
  currentMs: number;
  playing: boolean;
  /** Moves to `ms` and plays from there. */
  playFrom: (ms: number) => void;
  toggle: () => void;
  /** Moves by `seconds` (negative: back), within the recording. */
  skip: (seconds: number) => void;
}

/** The state of one <audio> element playing `src`, and the moves the transcript and the keyboard make on it. */
export function usePlayback(startAtMs: number | null, src: string | null): Playback {
  const audio = useRef<HTMLAudioElement>(null);
  const [currentMs, setCurrentMs] = useState(startAtMs ?? 0);
  const [playing, setPlaying] = useState(false);

  // A new source (a recipient's, when the GM-only marks change) starts the element over from 0:
  // keep the listener's place. Before any event of the new load, so currentMs is still that place.
  const loaded = useRef(src);
  useLayoutEffect(() => {
    const el = audio.current;
    if (!el || loaded.current === src) return;
    loaded.current = src;
    el.currentTime = currentMs / 1000;
    // Only when the source changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    // Before the metadata has loaded this sets where playback will begin (HTML's default start position).
    if (startAtMs !== null) el.currentTime = startAtMs / 1000;
    const update = () => setCurrentMs(Math.round(el.currentTime * 1000));
    const started = () => setPlaying(true);
    const stopped = () => setPlaying(false);
    const events: Array<[string, () => void]> = [
      ['timeupdate', update],
      ['seeked', update],
      ['play', started],
      ['pause', stopped],
      ['ended', stopped],
    ];
    for (const [name, handler] of events) el.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of events) el.removeEventListener(name, handler);
    };
    // The start position is applied once, when the element appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const play = (el: HTMLAudioElement) => {
    // A refusal (autoplay policy, a file the browser cannot decode) leaves the native controls to say so.
    el.play().catch(() => undefined);
  };

  const playFrom = useCallback((ms: number) => {
    const el = audio.current;
    if (!el) return;
    el.currentTime = ms / 1000;
    setCurrentMs(ms);
    play(el);
  }, []);

  const toggle = useCallback(() => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) play(el);
    else el.pause();
  }, []);

  const skip = useCallback((seconds: number) => {
    const el = audio.current;
    if (!el) return;
    const end = Number.isFinite(el.duration) ? el.duration : Infinity;
    el.currentTime = Math.min(Math.max(0, el.currentTime + seconds), end);
    setCurrentMs(Math.round(el.currentTime * 1000));
  }, []);

  return { audio, currentMs, playing, playFrom, toggle, skip };
}
