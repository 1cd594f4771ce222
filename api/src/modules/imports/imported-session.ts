import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the pipeline asks of an imported session: whether the session is one (its lines came
 * with the file, there is no audio), and the speakers the file named.
 */
export async function isImported(em: EntityManager, sessionId: string): Promise<boolean> {
  const [row] = await em.execute<Array<{ imported_from: string | null }>>(
    'select imported_from from sessions where id = ?',
    [sessionId],
  );
  if (!row) throw new Error(`session ${sessionId} not found`);
  return row.imported_from !== null;
}

/** The speakers of a session's lines, in the order first heard. */
export async function speakersOfLines(em: EntityManager, sessionId: string): Promise<string[]> {
  const rows = await em.execute<Array<{ speaker: string }>>(
    `select speaker from transcript_segments where session_id = ? and speaker is not null
     group by speaker order by min(position)`,
    [sessionId],
  );
  return rows.map((r) => r.speaker);
}
