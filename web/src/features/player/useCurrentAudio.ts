import { useEffect, useRef, type RefObject } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useSessionUpdates } from '../../lib/useSessionUpdates';
import { SessionTranscriptLinesQuery } from '../../lib/session-operations';
import { SessionAudioUrlQuery } from './operations';

/**
 * Keeps the player on what the viewer may hear now. A recipient's audio URL names the version of
 * the session's GM-only marks, and the api refuses an outdated one; each time the session changes
 * (a line marked or shared again, the players' copy made) the URL is read again. A new URL reaches
 * the element through the cache (the transcript's query reads the same Session), and the element
 * drops everything it had buffered for the old one; the lines are read again with it. The same URL
 * is loaded again only after the last load failed ("being prepared"), or when asked to (Try
 * again): playing audio is left alone. Returns that "read again, and reload" for Try again.
 */
export function useCurrentAudio(
  sessionId: string,
  audioUrl: string | null,
  audio: RefObject<HTMLAudioElement | null>,
): () => void {
  const client = useApolloClient();
  const shown = useRef(audioUrl);
  useEffect(() => {
    shown.current = audioUrl;
  }, [audioUrl]);

  const refresh = async (retry: boolean) => {
    const result = await client
      .query({ query: SessionAudioUrlQuery, variables: { id: sessionId }, fetchPolicy: 'network-only' })
      .catch(() => null);
    const url = result?.data?.session.audioUrl;
    if (url === undefined) return;
    if (url !== shown.current) {
      // The marks changed: a line now GM-only leaves a recipient's transcript too.
      await client
        .query({ query: SessionTranscriptLinesQuery, variables: { id: sessionId }, fetchPolicy: 'network-only' })
        .catch(() => null);
      return;
    }
    const el = audio.current;
    if (el && (retry || el.error)) el.load();
  };

  // A session without a recording never gets one: nothing to follow.
  useSessionUpdates(audioUrl === null ? null : sessionId, { onSettled: () => void refresh(false) });
  return () => void refresh(true);
}
