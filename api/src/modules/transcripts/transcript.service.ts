import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../engines/text/clock';
import type { TranscriptLine as HeardLine } from '../../engines/transcript/lines';
import { fromRow, speakerName, storyNames, type SpeakerRow } from '../cast';
import { Session } from '../../kernel/entities/session.entity';
import { SEARCH_VECTOR } from '../../kernel/entities/search-vector';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import type { TranscriptLine } from './transcript.type';
import type { SummaryInput } from '../../engines/summaries/summarizer';
import { mayReadGmOnly, type CampaignRole } from '../../policy/policy';

/**
 * The owner of a session's timed transcript lines: written by the pipeline (lines, table-talk
 * marks, search index) and read in batches. The owner's edits are in transcript.edits.ts.
 */
/** How a reader's copy of the transcript marks a line said at the table, out of the game. */
export const TABLE_TALK_MARK = '(table talk) ';

export class TranscriptService {
  private readonly lines = new DataLoader<string, TranscriptLine[]>((ids) => this.loadLines(ids));

  constructor(private readonly em: EntityManager) {}

  /**
   * The lines of a session the viewer may read, in order (a recipient's leave out GM-only ones);
   * one query for all the sessions of a request.
   */
  async linesOf(sessionId: string, role: CampaignRole): Promise<TranscriptLine[]> {
    const lines = await this.lines.load(sessionId);
    return mayReadGmOnly(role) ? lines : lines.filter((l) => !l.gmOnly);
  }

  /** The campaign a session belongs to. */
  async campaignOf(sessionId: string): Promise<string> {
    const [row] = await this.em.execute<Array<{ campaign_id: string }>>(
      'select campaign_id from sessions where id = ?',
      [sessionId],
    );
    return row.campaign_id;
  }

  /** The campaign's names (characters, places) that the owner typed or the transcript edits taught. */
  async vocabularyOf(sessionId: string): Promise<string> {
    const [row] = await this.em
      .getConnection()
      .execute<Array<{ vocabulary: string }>>(
        'select c.vocabulary from sessions s join campaigns c on c.id = s.campaign_id where s.id = ?',
        [sessionId],
      );
    return row?.vocabulary ?? '';
  }

  /**
   * Makes `lines` the session's transcript: its rows and its `[hh:mm:ss]` full text. A rerun
   * (retry, reset) replaces the lines of an earlier run instead of adding to them.
   */
  async replaceLines(sessionId: string, lines: HeardLine[]): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.nativeDelete(TranscriptSegment, { session: sessionId });
      // One statement for all the lines: an hour is thousands of rows, and building an entity for
      // each cost seconds (a 50,000-line import took 14 s). The statement triggers count them once.
      await tx.execute(
        `insert into transcript_segments
           (id, created_at, updated_at, session_id, position, start_ms, end_ms, speaker, text, words)
         select gen_random_uuid(), now(), now(), ?, x.position, x.start_ms, x.end_ms, x.speaker, x.text,
                coalesce(x.words, '[]')
         from jsonb_to_recordset(?::jsonb)
           as x(position int, start_ms int, end_ms int, speaker text, text text, words jsonb)`,
        [
          sessionId,
          JSON.stringify(
            lines.map((l, position) => ({
              position,
              start_ms: l.startMs,
              end_ms: l.endMs,
              speaker: l.speaker ?? null,
              text: l.text,
              words: l.words,
            })),
          ),
        ],
      );
      const fullTranscript = lines.map((l) => `[${clock(l.startMs)}] ${l.text}`).join('\n');
      await tx.nativeUpdate(Session, { id: sessionId }, { fullTranscript });
    });
  }

  /**
   * The session's transcript as `[hh:mm:ss] Name: line` as the viewer may read it, named as the
   * campaign's cast is now, a recipient's with its table talk marked; null when the stored full text
   * is that already (no line has a speaker, none is kept from the viewer and none needs its mark).
   */
  async spokenTranscript(sessionId: string, role: CampaignRole): Promise<string | null> {
    const rows = await this.em.getConnection().execute<
      Array<
        {
          start_ms: number;
          text: string;
          speaker: string | null;
          gm_only: boolean;
          table_talk: boolean;
        } & Partial<SpeakerRow>
      >
    >(
      `select t.start_ms, t.text, t.speaker, t.gm_only, t.table_talk, c.label, c.player_name, c.character_name, c.role
       from transcript_segments t join sessions s on s.id = t.session_id
       left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ? order by t.position`,
      [sessionId],
    );
    const owner = mayReadGmOnly(role);
    const readable = owner ? rows : rows.filter((r) => !r.gm_only);
    // A reader's copy says which lines were table talk (the owner's is the text they edit, marks apart).
    const marked = !owner && rows.some((r) => r.table_talk);
    if (readable.length === rows.length && !rows.some((r) => r.speaker) && !marked) return null;
    return readable
      .map((r) => {
        const said = `${r.speaker ? `${speakerName(fromRow(r as SpeakerRow))}: ` : ''}${r.text}`;
        return `[${clock(r.start_ms)}] ${!owner && r.table_talk ? TABLE_TALK_MARK : ''}${said}`;
      })
      .join('\n');
  }

  /** Who spoke each line, in order, as the table-talk filter weighs it: the GM, a player, or unknown. */
  async speakerRoles(sessionId: string): Promise<Array<'gm' | 'player' | null>> {
    const rows = await this.em.getConnection().execute<Array<{ role: string | null; speaker: string | null }>>(
      `select t.speaker, c.role from transcript_segments t
       join sessions s on s.id = t.session_id
       left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ? order by t.position`,
      [sessionId],
    );
    return rows.map((r) => (!r.speaker ? null : r.role === 'GM' ? 'gm' : 'player'));
  }

  /** The session's lines as they were heard or imported, in order: what assembling may cut and store again. */
  async heardLines(sessionId: string): Promise<HeardLine[]> {
    return (await this.segments(sessionId)).map((s) => ({
      startMs: s.startMs,
      endMs: s.endMs,
      text: s.text,
      words: s.words,
      speaker: s.speaker ?? null,
    }));
  }

  /** The texts of the session's lines, in order (what the table-talk filter reads). */
  async texts(sessionId: string): Promise<string[]> {
    return (await this.segments(sessionId)).map((s) => s.text);
  }

  /** Marks each line (in order) table talk or not; the labels must cover every line. */
  async markTableTalk(sessionId: string, tableTalk: boolean[]): Promise<void> {
    const segments = await this.segments(sessionId);
    if (tableTalk.length !== segments.length)
      throw new Error(`${tableTalk.length} labels for ${segments.length} lines`);
    segments.forEach((segment, i) => (segment.tableTalk = tableTalk[i]));
    await this.em.flush();
  }

  /**
   * The in-game lines everyone may read, with their start times: what summaries are made from
   * (they are shared with the campaign's players, so GM-only lines stay out of them).
   */
  async inGameLines(sessionId: string): Promise<SummaryInput[]> {
    const voices = await storyNames(this.em, sessionId);
    return (await this.segments(sessionId))
      .filter((s) => !s.tableTalk && !s.gmOnly)
      .map((s) => {
        const voice = s.speaker ? voices.get(s.speaker) : undefined;
        return {
          id: s.id,
          text: s.text,
          startMs: s.startMs,
          endMs: s.endMs,
          ...(voice?.name && { speaker: voice.name }),
          ...(voice?.alsoKnownAs.length && { alsoKnownAs: voice.alsoKnownAs }),
        };
      });
  }

  /** (Re)builds the Q&A search vectors of the session's lines, weighted by their table-talk mark. */
  async index(sessionId: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        `update transcript_segments set search_vector = ${SEARCH_VECTOR('text', 'table_talk')} where session_id = ?`,
        [sessionId],
      );
  }

  /** One line as the schema shows it (after a correction), or null when it is gone. */
  async line(lineId: string): Promise<TranscriptLine | null> {
    const s = await this.em.fork().findOne(TranscriptSegment, { id: lineId }, { exclude: ['words'] });
    return s && toLine(s);
  }

  private segments(sessionId: string): Promise<TranscriptSegment[]> {
    return this.em.find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
  }

  private async loadLines(sessionIds: readonly string[]): Promise<TranscriptLine[][]> {
    const segments = await this.em.find(
      TranscriptSegment,
      { session: { $in: [...sessionIds] } },
      { exclude: ['words'], orderBy: { position: 'asc' }, disableIdentityMap: true },
    );
    const bySession = new Map<string, TranscriptLine[]>(sessionIds.map((id) => [id, []]));
    for (const s of segments) bySession.get(s.session.id)?.push(toLine(s));
    return sessionIds.map((id) => bySession.get(id)!);
  }
}

export function toLine(s: Omit<TranscriptSegment, 'words'>): TranscriptLine {
  return {
    id: s.id,
    position: s.position,
    startMs: s.startMs,
    endMs: s.endMs,
    text: s.text,
    tableTalk: s.tableTalk,
    gmOnly: s.gmOnly,
    sessionId: s.session.id,
    speakerLabel: s.speaker ?? null,
  };
}
