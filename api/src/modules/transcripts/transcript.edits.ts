import type { EntityManager } from '@mikro-orm/postgresql';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';
import { clock } from '../../engines/text/clock';
import { Session } from '../../kernel/entities/session.entity';
import { SEARCH_VECTOR } from '../../kernel/entities/search-vector';
import { parseTranscript, planEdit, type LinePlan } from './transcript.alignment';
import { retime, type TimedLine } from './transcript.words';
import { learnedNames } from './transcript.vocabulary';

// The owner's edits of a session's lines, each inside the caller's transaction (which holds the
// session row, so full-text and line edits are serialised). The pipeline's writes and the reads are
// TranscriptService's.

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

/** A line of the session as it stands inside the caller's transaction; null when it is gone. */
export async function lineIn(
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
export async function setGmOnly(tx: EntityManager, lineId: string, gmOnly: boolean): Promise<void> {
  await tx.execute(`update transcript_segments set gm_only = ?, updated_at = now() where id = ?`, [gmOnly, lineId]);
}

/**
 * Marks one line table talk or in game, inside the caller's transaction, and re-weights its search
 * vector in the same statement, so the Q&A vocabulary trigger rebuilds the session's lexemes and
 * Q&A follows the mark at once.
 */
export async function setTableTalk(tx: EntityManager, lineId: string, tableTalk: boolean): Promise<void> {
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
export async function editLine(
  tx: EntityManager,
  sessionId: string,
  lineId: string,
  text: string,
): Promise<LineEdit | null> {
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

/**
 * Rewrites a session's lines to match its edited full transcript, inside the caller's
 * transaction (which holds the session row): unchanged lines stay as they are, edited ones get
 * the new text, re-timed words and a new search vector, deleted ones go and added ones are
 * inserted. Tells whether any line changed and the names the owner spelled out in place of
 * others, for the vocabulary.
 */
export async function applyEdit(tx: EntityManager, sessionId: string, fullTranscript: string): Promise<LineEdit> {
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
           ${SEARCH_VECTOR('v.text', 'false', null, '?')}
         from jsonb_to_recordset(?::jsonb) as v(position int, start_ms int, end_ms int, text text)`,
        [sessionId, sessionId, JSON.stringify(inserted)],
      );
    }
    await tx.execute(`update transcript_segments set position = -1 - position where session_id = ? and position < 0`, [
      sessionId,
    ]);
  }
  return {
    changed: true,
    names: learnedNames(plan.lines.flatMap((l) => (l.kind === 'edited' ? l.replacements : []))),
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
