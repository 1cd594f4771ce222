import type { EntityManager } from '@mikro-orm/postgresql';
import { playersAudio } from './players-audio';
import type { SessionUpdate } from './session-events';
import { sessionTopicKey } from './session-listener';
import type { SessionUpdateSource } from '../../kernel/live-updates';

/**
 * Calls `changed` once the session's GM-only marks are no longer those of `version`, checked on
 * each of the session's live updates (a mark publishes one at commit); returns what stops the
 * watch. A recipient's stream begun before a mark is cut by it instead of playing on to its end.
 */
export function watchMarks(
  em: EntityManager,
  updates: SessionUpdateSource,
  sessionId: string,
  version: string,
  changed: () => void,
): () => void {
  const events = updates.subscribe<SessionUpdate>(sessionTopicKey({ sessionId }));
  const stop = () => void events.return?.();
  const cut = () => {
    stop();
    changed();
  };
  void (async () => {
    // Checked once before the first update too: a mark may have committed before the subscription.
    for (;;) {
      if ((await playersAudio(em.fork(), sessionId)).version !== version) return cut();
      if ((await events.next()).done) return;
    }
    // Unable to tell whether the marks changed: cut rather than play on.
  })().catch(cut);
  return stop;
}
