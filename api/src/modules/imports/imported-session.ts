import type { EntityManager } from '@mikro-orm/postgresql';
import type { TranscriptFormat } from '../../engines/transcript-formats/cue';

/**
 * What the pipeline asks of an imported session: the file format its lines came with (null: it
 * has audio, not a file), and the speakers the file named.
 */
export async function importedFrom(em: EntityManager, sessionId: string): Promise<TranscriptFormat | null> {
  const [row] = await em.execute<Array<{ imported_from: TranscriptFormat | null }>>(
    'select imported_from from sessions where id = ?',
    [sessionId],
  );
  if (!row) throw new Error(`session ${sessionId} not found`);
  return row.imported_from;
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
