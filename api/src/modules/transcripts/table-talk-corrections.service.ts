import type { EntityManager } from '@mikro-orm/postgresql';
import type { LabelledLine } from '../../engines/table-talk/labelled-lines';

/**
 * The newest corrections a classification learns from: more than any owner makes by hand in a
 * campaign's life, few enough that the adapted model builds in milliseconds.
 */
export const CORRECTIONS_USED = 1000;

/** The owner's table-talk corrections, kept per campaign for the classifier to learn from. */
export class TableTalkCorrectionService {
  constructor(private readonly em: EntityManager) {}

  /** Records the owner's label for a line, inside the caller's transaction: one row per line, its latest label. */
  async record(tx: EntityManager, line: { id: string; text: string }, tableTalk: boolean): Promise<void> {
    await tx.execute(
      `insert into table_talk_corrections (campaign_id, segment_id, text, table_talk)
       select s.campaign_id, t.id, ?, ? from transcript_segments t join sessions s on s.id = t.session_id where t.id = ?
       on conflict (segment_id) do update set campaign_id = excluded.campaign_id, text = excluded.text,
         table_talk = excluded.table_talk, corrected_at = now()`,
      [line.text, tableTalk, line.id],
    );
  }

  /** Keeps a corrected line's text in step with the owner's edit of it (inside the caller's transaction). */
  async retext(tx: EntityManager, lineId: string, text: string): Promise<void> {
    await tx.execute(`update table_talk_corrections set text = ? where segment_id = ?`, [text, lineId]);
  }

  /** The corrections of the campaign the session belongs to, newest first: what its classification learns. */
  async forSession(sessionId: string): Promise<LabelledLine[]> {
    const rows = await this.em.getConnection().execute<Array<{ text: string; table_talk: boolean }>>(
      `select c.text, c.table_talk from table_talk_corrections c join sessions s on s.campaign_id = c.campaign_id
       where s.id = ? order by c.corrected_at desc, c.id limit ?`,
      [sessionId, CORRECTIONS_USED],
    );
    return rows.map((r) => ({ text: r.text, tableTalk: r.table_talk }));
  }
}
