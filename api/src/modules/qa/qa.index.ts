import type { EntityManager } from '@mikro-orm/postgresql';
import { phoneticKey } from '../../engines/text/phonetic';
import { spokenBy } from '../../kernel/entities/search-vector';
import { RETRIEVAL } from './qa.tuning';

/**
 * Where a lexeme is said: the lines holding it (ascending) and how often each says it, a table-talk
 * line's saying counted at RETRIEVAL.tableTalk of an in-game one's.
 */
/**
 * The lines one side of the ranking reads, in order (below): every line, or the story's, its
 * in-game lines only, as if the sessions had no table talk. By position in the side: the line
 * (`lines`), its session's first position and one past its last, and the lexemes said before it.
 */
export interface Side {
  lines: Int32Array;
  /** A line's position in the side, -1 where it is not in it. */
  at: Int32Array;
  sessionStart: Int32Array;
  sessionEnd: Int32Array;
  lengthBefore: Float64Array;
}

export interface Postings {
  lines: Int32Array;
  tf: Float32Array;
}

/**
 * The lines of one campaign that a viewer may search (the story's; or, `all`, table talk too, ranked
 * below them: a player's aside may be the only place a thing is said; for a recipient, not GM-only
 * ones), in session order, with the lexemes PostgreSQL's index stage wrote for each
 * (`search_vector`: its words and who said them, stemmed by to_tsvector('english')).
 */
export interface QaIndex {
  /** `campaigns.index_changes` when it was read: any change to a line, a session or the cast counts one. */
  version: string;
  /** Session ids; a line's `session` is an index into this. */
  sessions: string[];
  session: Int32Array;
  /** The first line of the line's session, and one past its last: passages never cross sessions. */
  sessionStart: Int32Array;
  sessionEnd: Int32Array;
  startMs: Float64Array;
  endMs: Float64Array;
  text: string[];
  /** Who said each line, as its text opens ("Scanlan: …"); null for the GM and unknown voices. */
  speaker: Array<string | null>;
  /** 1 where the line is marked table talk: an answer resting on it is labelled as said at the table. */
  tableTalk: Uint8Array;
  /** Every line, and the story's (in-game lines only), as BM25 reads each side (qa.bm25.ts). */
  all: Side;
  story: Side;
  postings: Map<string, Postings>;
  /** Lexemes by how they sound (phonetic.ts): a question's "Oswin" finds Whisper's "aswin". */
  sounds: Map<string, string[]>;
  /** Lexemes said in all, what the cache is bounded by. */
  size: number;
}

interface Row {
  session_id: string;
  start_ms: number;
  end_ms: number;
  text: string;
  speaker: string | null;
  vector: string;
  table_talk: boolean;
}

/** `'lexeme':1A,4A` entries of a tsvector's text form; a quote inside a lexeme is doubled. */
const ENTRY = /'((?:[^']|'')+)'(?::([0-9A-D,]+))?/g;

/** The lines as they are now (read after `version`, so at least as new as it says), oldest session first. */
async function load(
  em: EntityManager,
  campaignId: string,
  open: boolean,
  all: boolean,
  version: string,
): Promise<QaIndex> {
  const rows = await em.getConnection().execute<Row[]>(
    `/* qa:index */ select s.session_id, s.start_ms, s.end_ms,
       coalesce(spoken.voice || ': ', '') || s.text as text, spoken.voice as speaker, s.search_vector::text as vector,
       s.table_talk
     from transcript_segments s join sessions se on se.id = s.session_id,
       lateral (select ${spokenBy('s')} as voice) spoken
     where se.campaign_id = ?${all ? '' : ' and not s.table_talk'}${open ? ' and not s.gm_only' : ''}
     order by se.created_at, s.session_id, s.position`,
    [campaignId],
  );
  return build(version, rows);
}

function build(version: string, rows: Row[]): QaIndex {
  const n = rows.length;
  const sessions: string[] = [];
  const session = new Int32Array(n);
  const sessionStart = new Int32Array(n);
  const sessionEnd = new Int32Array(n);
  const startMs = new Float64Array(n);
  const endMs = new Float64Array(n);
  const lengthBefore = new Float64Array(n + 1);
  const tableTalk = Uint8Array.from(rows, (r) => (r.table_talk ? 1 : 0));
  const said = new Map<string, { lines: number[]; tf: number[] }>();
  rows.forEach((row, i) => {
    if (sessions[sessions.length - 1] !== row.session_id) sessions.push(row.session_id);
    session[i] = sessions.length - 1;
    sessionStart[i] = i > 0 && session[i - 1] === session[i] ? sessionStart[i - 1] : i;
    startMs[i] = row.start_ms;
    endMs[i] = row.end_ms;
    let length = 0;
    for (const [, quoted, positions] of row.vector.matchAll(ENTRY)) {
      const lexeme = quoted.replace(/''/g, "'").replace(/\\(.)/g, '$1');
      const count = positions ? positions.split(',').length : 1;
      const tf = count * (row.table_talk ? RETRIEVAL.tableTalk : 1);
      const postings = said.get(lexeme) ?? { lines: [], tf: [] };
      postings.lines.push(i);
      postings.tf.push(tf);
      said.set(lexeme, postings);
      length += count;
    }
    lengthBefore[i + 1] = lengthBefore[i] + length;
  });
  for (let i = n - 1; i >= 0; i--)
    sessionEnd[i] = i + 1 < n && session[i + 1] === session[i] ? sessionEnd[i + 1] : i + 1;
  const all = sideOf(
    Int32Array.from(rows, (_, i) => i),
    n,
    session,
    lengthBefore,
  );
  const story = sideOf(Int32Array.from(rows.flatMap((r, i) => (r.table_talk ? [] : [i]))), n, session, lengthBefore);
  const postings = new Map<string, Postings>();
  const sounds = new Map<string, string[]>();
  for (const [lexeme, p] of said) {
    postings.set(lexeme, { lines: Int32Array.from(p.lines), tf: Float32Array.from(p.tf) });
    const key = phoneticKey(lexeme);
    if (key.length >= RETRIEVAL.minSoundLength) sounds.set(key, [...(sounds.get(key) ?? []), lexeme]);
  }
  const text = rows.map((r) => r.text);
  const speaker = rows.map((r) => r.speaker);
  return {
    version,
    sessions,
    session,
    sessionStart,
    sessionEnd,
    startMs,
    endMs,
    text,
    speaker,
    tableTalk,
    all,
    story,
    postings,
    sounds,
    size: lengthBefore[n],
  };
}

/** The side of these lines (`lines`, ascending) of the index: their positions, sessions and lengths. */
function sideOf(lines: Int32Array, n: number, session: Int32Array, lengthBefore: Float64Array): Side {
  const m = lines.length;
  const at = new Int32Array(n).fill(-1);
  const sessionStart = new Int32Array(m);
  const sessionEnd = new Int32Array(m);
  const before = new Float64Array(m + 1);
  lines.forEach((line, k) => {
    at[line] = k;
    sessionStart[k] = k > 0 && session[lines[k - 1]] === session[line] ? sessionStart[k - 1] : k;
    before[k + 1] = before[k] + lengthBefore[line + 1] - lengthBefore[line];
  });
  for (let k = m - 1; k >= 0; k--)
    sessionEnd[k] = k + 1 < m && session[lines[k + 1]] === session[lines[k]] ? sessionEnd[k + 1] : k + 1;
  return { lines, at, sessionStart, sessionEnd, lengthBefore: before };
}

/** Built or being built, by campaign, whether GM-only lines are left out and table talk kept; oldest use first. */
const cache = new Map<string, { version: string; index: Promise<QaIndex>; size: number }>();

/**
 * The campaign's search index as the viewer may read it, current with its lines: each question
 * reads the campaign's change count (one primary-key lookup) and rebuilds the index when it moved,
 * so every api process answers from the same data, corrections and marks included. The process
 * keeps the last-used indexes up to RETRIEVAL.indexedLexemes lexemes in all (bytes per lexeme not
 * measured yet); a larger campaign is built for each question rather than kept.
 */
export async function campaignIndex(
  em: EntityManager,
  campaignId: string,
  open: boolean,
  all = false,
): Promise<QaIndex | null> {
  const key = `${campaignId} ${open} ${all}`;
  const [row] = await em
    .getConnection()
    .execute<Array<{ version: string }>>(
      `/* qa:version */ select index_changes::text as version from campaigns where id = ?`,
      [campaignId],
    );
  if (!row) return null;
  const kept = cache.get(key);
  if (kept && kept.version === row.version) {
    cache.delete(key);
    cache.set(key, kept);
    return kept.index;
  }
  // A change made while the lines are read moves the version again: the next question rebuilds.
  const entry = { version: row.version, index: load(em, campaignId, open, all, row.version), size: 0 };
  cache.delete(key);
  cache.set(key, entry);
  try {
    entry.size = (await entry.index).size;
  } catch (error) {
    if (cache.get(key) === entry) cache.delete(key);
    throw error;
  }
  let total = [...cache.values()].reduce((sum, e) => sum + e.size, 0);
  for (const [k, e] of cache) {
    if (total <= RETRIEVAL.indexedLexemes) break;
    cache.delete(k);
    total -= e.size;
  }
  return entry.index;
}
