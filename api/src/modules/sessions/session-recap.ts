import type { EntityManager } from '@mikro-orm/postgresql';
import type { StoredRecap } from '../../kernel/entities/session.entity';
import { Session } from '../../kernel/entities/session.entity';
import type { SessionListItem } from '../campaigns';

type Sentence = StoredRecap['threads'][number];

/** The session's stored recap (a lazy column), or null before its first summaries. */
export async function storedRecap(em: EntityManager, session: Session | SessionListItem): Promise<StoredRecap | null> {
  if (session instanceof Session && session.recap !== undefined) return session.recap;
  const [row] = await em.execute<Array<{ recap: StoredRecap | null }>>('select recap from sessions where id = ?', [
    session.id,
  ]);
  return row?.recap ?? null;
}

/**
 * The recap as a reader sees it: only sentences whose every line they may read. A recap is built
 * from lines every reader may read; this keeps a line the owner has just marked GM-only out of a
 * player's recap in the seconds before it is written again.
 */
export function recapOfLines(recap: StoredRecap, visible: ReadonlySet<string>): StoredRecap {
  const keep = (sentences: Sentence[]) => sentences.filter((s) => s.lineIds.every((id) => visible.has(id)));
  return {
    scenes: recap.scenes.map((scene) => ({ ...scene, happened: keep(scene.happened), found: keep(scene.found) })),
    threads: keep(recap.threads),
  };
}
