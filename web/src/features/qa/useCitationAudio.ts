import { useCallback, useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { audioProblem } from '../../lib/audio-problem';
import { userError } from '../../lib/errors';
import type { Citation } from './chat';
import { CitationAudioQuery } from './operations';

const NO_RECORDING = 'This session has no recording to play';

/** The passage last started: what the chat's small player shows, with where the audio is. */
export interface CurrentPassage {
  key: string;
  citation: Citation;
  positionMs: number;
}

/**
 * Plays the passage a citation rests on, in place: from its start to its end, then stops. One
 * <audio> element (no native controls: the citation's button and the chat's small player are the
 * controls) serves every citation of the conversation, so starting one passage stops another.
 */
export function useCitationAudio() {
  const client = useApolloClient();
  const audio = useRef<HTMLAudioElement>(null);
  const endMs = useRef(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const [current, setCurrent] = useState<CurrentPassage | null>(null);

  useEffect(() => {
    const el = audio.current;
    if (!el) return;
    const check = () => {
      if (el.currentTime * 1000 >= endMs.current) el.pause();
      const positionMs = Math.min(el.currentTime * 1000, endMs.current);
      setCurrent((c) => (c ? { ...c, positionMs } : c));
    };
    // Switching passages pauses first; that pause arrives late, when the next one already plays.
    const stopped = () => {
      if (el.paused) setPlaying(null);
    };
    el.addEventListener('timeupdate', check);
    el.addEventListener('pause', stopped);
    el.addEventListener('ended', stopped);
    return () => {
      el.removeEventListener('timeupdate', check);
      el.removeEventListener('pause', stopped);
      el.removeEventListener('ended', stopped);
      el.pause();
    };
  }, []);

  /** Plays the citation's passage, or stops it when it is the one playing; `key` names the citation. */
  const toggle = useCallback(
    async (citation: Citation, key: string) => {
      const el = audio.current;
      if (!el) return;
      if (playing === key) {
        el.pause();
        return;
      }
      el.pause();
      let url: string | null | undefined;
      try {
        // Asked each time: a recipient's URL changes with the GM-only marks, and an old one is refused.
        const { data } = await client.query({
          query: CitationAudioQuery,
          variables: { id: citation.sessionId },
          fetchPolicy: 'network-only',
        });
        url = data?.session.audioUrl;
      } catch (error) {
        toast.error(userError(error, 'Failed to load the recording').message);
        return;
      }
      if (!url) {
        toast.error(NO_RECORDING);
        return;
      }
      const source = new URL(url, window.location.href).href;
      if (el.src !== source) el.src = source;
      // The same URL failed before (the players' copy was being prepared): ask again.
      else if (el.error) el.load();
      endMs.current = citation.endMs;
      el.currentTime = citation.startMs / 1000;
      setPlaying(key);
      setCurrent({ key, citation, positionMs: citation.startMs });
      await el.play().catch((error: unknown) => {
        // Another passage started (or this one was stopped) before it could begin: not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setPlaying(null);
        void audioProblem(source).then((text) => toast.error(text));
      });
    },
    [client, playing],
  );

  /** Stops the passage and puts the small player away. */
  const close = useCallback(() => {
    audio.current?.pause();
    setCurrent(null);
  }, []);

  return { audio, playing, current, toggle, close };
}
