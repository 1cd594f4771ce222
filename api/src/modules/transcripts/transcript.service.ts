import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';
import { clock } from '../../engines/text/clock';
import type { TranscriptLine as HeardLine } from '../../engines/transcript/lines';
import { fromRow, speakerName, storyNames, type SpeakerRow } from '../cast/cast.service';
import { Session } from '../sessions/session.entity';
import { SEARCH_VECTOR } from './search-vector';
import { TranscriptSegment } from './transcript-segment.entity';
import { parseTranscript, planEdit, retime, type LinePlan, type TimedLine } from './transcript.alignment';
import { learnedNames } from './transcript.vocabulary';
import type { TranscriptLine } from './transcript.type';
import { mayReadGmOnly, type CampaignRole } from '../../policy/policy';

interface StoredRow {
  id: string;
  start_ms: number;
  end_ms: number;
  text: string;
  table_talk: boolean;
  words: TimedWord[];
}

/** What an edit did: whether any line changed (the summaries follow), and the names it taught. */
export interface LineEdit {
  changed: boolean;
  names: string[];
}
const UNCHANGED: LineEdit = { changed: false, names: [] };

/**
 * The owner of a session's timed transcript lines: written by the pipeline (lines, table-talk
 * marks, search index), read in batches, and kept in step when the owner edits the text.
 */
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
   * campaign's cast is now; null when the stored full text is that already (no line has a speaker
   * and none is kept from the viewer).
   */
  async spokenTranscript(sessionId: string, role: CampaignRole): Promise<string | null> {
    const rows = await this.em
      .getConnection()
      .execute<
        Array<{ start_ms: number; text: string; speaker: string | null; gm_only: boolean } & Partial<SpeakerRow>>
      >(
        `select t.start_ms, t.text, t.speaker, t.gm_only, c.label, c.player_name, c.character_name, c.role
       from transcript_segments t join sessions s on s.id = t.session_id
       left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ? order by t.position`,
        [sessionId],
      );
    const readable = mayReadGmOnly(role) ? rows : rows.filter((r) => !r.gm_only);
    if (readable.length === rows.length && !rows.some((r) => r.speaker)) return null;
    return readable
      .map((r) => `[${clock(r.start_ms)}] ${r.speaker ? `${speakerName(fromRow(r as SpeakerRow))}: ` : ''}${r.text}`)
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
  async inGameLines(sessionId: string): Promise<Array<{ text: string; startMs: number; speaker?: string }>> {
    const names = await storyNames(this.em, sessionId);
    return (await this.segments(sessionId))
      .filter((s) => !s.tableTalk && !s.gmOnly)
      .map((s) => {
        const speaker = s.speaker ? names.get(s.speaker) : undefined;
        return { text: s.text, startMs: s.startMs, ...(speaker ? { speaker } : {}) };
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

  /** A line of the session as it stands inside the caller's transaction; null when it is gone. */
  async lineIn(
    tx: EntityManager,
    sessionId: string,
    lineId: string,
  ): Promise<{ id: string; text: string; tableTalk: boolean; gmOnly: boolean } | null> {
    const [row] = await tx.execute<Array<{ id: string; text: string; table_talk: boolean; gm_only: boolean }>>(
      `select id, text, table_talk, gm_only from transcript_segments where id = ? and session_id = ?`,
      [lineId, sessionId],
    );
    return row ? { id: row.id, text: row.text, tableTalk: row.table_talk, gmOnly: row.gm_only } : null;
  }

  /**
   * Keeps one line from the campaign's players or shares it again, inside the caller's transaction.
   * The statement triggers follow: Q&A's two vocabularies (everyone's and the owner's) and the
   * campaign index's change count.
   */
  async setGmOnly(tx: EntityManager, lineId: string, gmOnly: boolean): Promise<void> {
    await tx.execute(`update transcript_segments set gm_only = ?, updated_at = now() where id = ?`, [gmOnly, lineId]);
  }

  /**
   * Marks one line table talk or in game, inside the caller's transaction, and re-weights its search
   * vector in the same statement, so the Q&A vocabulary trigger rebuilds the session's lexemes and
   * Q&A follows the mark at once.
   */
  async setTableTalk(tx: EntityManager, lineId: string, tableTalk: boolean): Promise<void> {
    await tx.execute(
      `update transcript_segments set table_talk = ?, updated_at = now(),
         search_vector = ${SEARCH_VECTOR('text', '?::boolean')}
       where id = ?`,
      // SET expressions read the row as it was: the new mark is given twice.
      [tableTalk, tableTalk, lineId],
    );
  }

  /**
   * Gives one line new text inside the caller's transaction (which holds the session row): its
   * words keep their times where they are unchanged, its search vector follows, and the session's
   * full text is written again from its lines. Tells whether the text changed and the names the
   * owner spelled out in place of others, for the vocabulary; null when the line is gone (a
   * full-text edit removed it meanwhile).
   */
  async editLine(tx: EntityManager, sessionId: string, lineId: string, text: string): Promise<LineEdit | null> {
    const [row] = await tx.execute<StoredRow[]>(
      `select id, start_ms, end_ms, text, table_talk, words from transcript_segments where id = ? and session_id = ?`,
      [lineId, sessionId],
    );
    if (!row) return null;
    if (row.text === text) return UNCHANGED;
    const edited = retime(toTimedLine(row), text);
    await tx.execute(
      `update transcript_segments set text = ?, words = ?::jsonb, updated_at = now(),
         search_vector = ${SEARCH_VECTOR('?', 'table_talk')}
       where id = ?`,
      [edited.text, JSON.stringify(edited.words), edited.text, lineId],
    );
    const lines = await tx.execute<Array<{ start_ms: number; text: string }>>(
      `select start_ms, text from transcript_segments where session_id = ? order by position`,
      [sessionId],
    );
    const fullTranscript = lines.map((l) => `[${clock(l.start_ms)}] ${l.text}`).join('\n');
    await tx.nativeUpdate(Session, { id: sessionId }, { fullTranscript });
    return { changed: true, names: learnedNames(edited.replacements) };
  }

  /** One line as the schema shows it (after a correction), or null when it is gone. */
  async line(lineId: string): Promise<TranscriptLine | null> {
    const s = await this.em.fork().findOne(TranscriptSegment, { id: lineId }, { exclude: ['words'] });
    return s && toLine(s);
  }

  private segments(sessionId: string): Promise<TranscriptSegment[]> {
    return this.em.find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
  }

  /**
   * Rewrites a session's lines to match its edited full transcript, inside the caller's
   * transaction (which holds the session row): unchanged lines stay as they are, edited ones get
   * the new text, re-timed words and a new search vector, deleted ones go and added ones are
   * inserted. Tells whether any line changed and the names the owner spelled out in place of
   * others, for the vocabulary.
   */
  async applyEdit(tx: EntityManager, sessionId: string, fullTranscript: string): Promise<LineEdit> {
    const stored = await tx.execute<StoredRow[]>(
      `select id, start_ms, end_ms, text, table_talk, words from transcript_segments
       where session_id = ? order by position`,
      [sessionId],
    );
    // A session without lines (processed before lines were kept) has no times to keep.
    if (!stored.length) return UNCHANGED;
    const plan = planEdit(stored.map(toTimedLine), parseTranscript(fullTranscript));
    const positionsMove = plan.deleted.length > 0 || plan.lines.some((l) => l.kind === 'inserted');
    const changed = plan.lines
      .map((line, position) => ({ line, position }))
      .filter(({ line }) => positionsMove || line.kind === 'edited');
    if (!changed.length && !plan.deleted.length) return UNCHANGED;

    if (plan.deleted.length) {
      await tx.execute(
        `delete from transcript_segments where id in (select (jsonb_array_elements_text(?::jsonb))::uuid)`,
        [JSON.stringify(plan.deleted.map((l) => l.id))],
      );
    }
    // The (session, position) key is checked row by row, so lines move through negative positions
    // when their order changes; the last statement's UPDATE lets the Q&A vocabulary trigger see them.
    const target = (position: number) => (positionsMove ? -1 - position : position);
    const survivors = changed.filter(({ line }) => line.kind !== 'inserted');
    if (survivors.length) {
      await tx.execute(
        `update transcript_segments t
       set position = v.position,
           text = coalesce(v.text, t.text),
           words = coalesce(v.words, t.words),
           search_vector = case when v.text is null then t.search_vector else ${SEARCH_VECTOR('v.text', 't.table_talk', 't')} end,
           updated_at = case when v.text is null then t.updated_at else now() end
       from jsonb_to_recordset(?::jsonb) as v(id uuid, position int, text text, words jsonb)
       where t.id = v.id and t.session_id = ?`,
        [
          JSON.stringify(survivors.map(({ line, position }) => ({ position: target(position), ...rowChange(line) }))),
          sessionId,
        ],
      );
    }
    if (positionsMove) {
      const inserted = changed.flatMap(({ line, position }) =>
        line.kind === 'inserted'
          ? [{ position: target(position), start_ms: line.startMs, end_ms: line.endMs, text: line.text }]
          : [],
      );
      if (inserted.length) {
        await tx.execute(
          `insert into transcript_segments
             (id, created_at, updated_at, session_id, position, start_ms, end_ms, text, table_talk, words, search_vector)
           select gen_random_uuid(), now(), now(), ?, v.position, v.start_ms, v.end_ms, v.text, false, '[]',
             ${SEARCH_VECTOR('v.text', 'false', null)}
           from jsonb_to_recordset(?::jsonb) as v(position int, start_ms int, end_ms int, text text)`,
          [sessionId, JSON.stringify(inserted)],
        );
      }
      await tx.execute(
        `update transcript_segments set position = -1 - position where session_id = ? and position < 0`,
        [sessionId],
      );
    }
    if (plan.lines.length === 0) {
      // No line is left for the trigger to fire on: the session's Q&A vocabulary goes with them.
      await tx.execute(`delete from qa_session_lexemes where session_id = ?`, [sessionId]);
    }
    return {
      changed: true,
      names: learnedNames(plan.lines.flatMap((l) => (l.kind === 'edited' ? l.replacements : []))),
    };
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

function toTimedLine(row: StoredRow): TimedLine {
  return {
    id: row.id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    text: row.text,
    tableTalk: row.table_talk,
    words: row.words,
  };
}

function rowChange(line: LinePlan): { id: string; text: string | null; words: TimedWord[] | null } {
  if (line.kind === 'edited') return { id: line.line.id, text: line.text, words: line.words };
  if (line.kind === 'kept') return { id: line.line.id, text: null, words: null };
  throw new Error('an inserted line has no row yet');
}
