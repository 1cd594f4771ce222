import type { EntityManager } from '@mikro-orm/postgresql';
import { questionKind } from '../../engines/qa/answer-type';
import { best, pick, scoreWindows, termScores, type Window } from './qa.bm25';
import { campaignIndex, type QaIndex } from './qa.index';
import type { RetrievalScope, Searched } from './qa.scope';
import { search } from './qa.search';
import { relatedLexemes, type Related } from './qa.synonyms';
import { campaignTextSearchConfig, lexemeQuery, questionTerms } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';

/**
 * Every passage of every line the viewer may read, scored once by BM25 (qa.bm25.ts) from the
 * campaign's one index (qa.index.ts, table talk's words counted at RETRIEVAL.tableTalk), each
 * passage with its in-game lines' score beside its whole one: the story's side and the table's
 * are split from this in memory (`side`), and a premise is checked on it (qa.premise.ts).
 */
export interface Scored {
  index: QaIndex;
  /** The one session searched (an index into `index.sessions`), else all of them. */
  within: number | undefined;
  searched: Searched[];
  present: Searched[];
  /** The related words the terms were searched with (qa.synonyms.ts). */
  words: Related;
  /** Every passage that holds a word asked, on each side (qa.bm25.ts). */
  windows: { all: Window[]; story: Window[] };
}

/** One side's best passages, and how strongly the best one answers (0..), before any is declined. */
export interface Ranked {
  index: QaIndex;
  /** The story's side (in-game lines only), or the table's (every line, where table talk holds a word asked). */
  story: boolean;
  present: Searched[];
  windows: Window[];
  /** What a passage saying each counted word of the question once would score. */
  ideal: number;
  /** The best BM25 score a passage found gets from the things and names asked, over what saying each once scores. */
  strength: number;
  /** A thing or name asked about is never said on this side, nor anything that sounds or is spelled like it. */
  unsaid: boolean;
  /** The things and names asked about (all counted terms when the question has none). */
  things: Searched[];
}

/** The question's terms in the index, and every passage scored; undefined when nothing can answer. */
export async function scorePassages(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
): Promise<Scored | undefined> {
  const terms = await questionTerms(em, question, await campaignTextSearchConfig(em, scope.campaignId));
  if (!terms.length) return undefined;
  const index = await campaignIndex(em, scope.campaignId, scope.open, true);
  if (!index?.text.length) return undefined;
  const within = scope.kind === 'session' ? index.sessions.indexOf(scope.sessionId) : undefined;
  if (within === -1) return undefined;
  const words = await relatedLexemes(em);
  const who = questionKind(question) === 'who';
  const searched = terms.flatMap((term) => search(index, term, words, who));
  const present = searched.filter((s) => s.present);
  if (!present.length) return undefined;
  return { index, within, searched, present, words, windows: scoreWindows(index, present, RETRIEVAL.window, within) };
}

/** Whether an in-game line says the term. */
function saidInGame(index: QaIndex, s: Searched): boolean {
  for (const lexeme of s.lexemes) {
    const p = index.postings.get(lexeme);
    if (p?.lines.some((line) => !index.tableTalk[line])) return true;
  }
  return false;
}

/**
 * The story's side of the scoring (`story`: passages ranked by what their in-game lines say, a word
 * said only at the table not said there) or the table's (passages where table talk holds a word
 * asked, ranked by all their lines); undefined when that side cannot answer.
 */
export async function side(
  em: EntityManager,
  scope: RetrievalScope,
  scored: Scored,
  story: boolean,
): Promise<Ranked | undefined> {
  const { index } = scored;
  // On the story's side a term weighs as the in-game lines say it, and a word said only at the table is not said.
  const searched = story
    ? scored.searched.map((s) => ({ ...s, weight: s.storyWeight, present: s.present && saidInGame(index, s) }))
    : scored.searched;
  // "Which dragon burned down the village?" takes a dragon for granted: a story that never has
  // one cannot answer (a near spelling is not enough unless the word is a name).
  if (searched.some((s) => s.term.asked && s.term.key && !s.term.verb && (!s.present || (s.fuzzy && !s.term.name))))
    return undefined;
  const present = searched.filter((s) => s.present);
  if (!present.length) return undefined;
  const candidates = story ? scored.windows.story : scored.windows.all.filter((w) => w.tableTalk);
  const summaries = await summaryTies(em, index, candidates, present, scope.open);
  const windows = pick(candidates, RETRIEVAL.topK, (w) => summaries.get(index.sessions[index.session[w.start]]) ?? 0);
  if (!windows.length) return undefined;
  // A verb or a word about the table the story never says may be said otherwise; a thing or a
  // name it never says is what the question is about.
  const counted = searched.filter((s) => s.present || (s.term.key && !s.term.verb));
  const ideal = counted.reduce((sum, s) => sum + s.weight, 0);
  // How much of the things and names asked about a passage says, by BM25: verbs and words about
  // the table rank passages but are phrasing, and say nothing of what is asked. The most any
  // passage found says, not the first's: a verb's related words ("tells" for "warned") can rank
  // one that says none of it above one that does.
  const things = counted.some((s) => s.term.key && !s.term.verb)
    ? counted.filter((s) => s.term.key && !s.term.verb)
    : counted;
  const weight = things.reduce((sum, s) => sum + s.weight, 0);
  const strength = Math.max(
    ...windows.map((w) => termScores(index, things, w, RETRIEVAL.window, story).reduce((a, b) => a + b, 0) / weight),
  );
  const unsaid = things.some((s) => !s.present);
  return { index, story, present, windows, ideal, strength, unsaid, things };
}

/**
 * Between passages that score the same, the one whose session's summaries say more of the
 * question (its terms' weights summed) comes first: a tie-breaker, never a hit by itself. Read
 * only when the best passages tie; a recipient is not told of summaries kept GM-only.
 */
async function summaryTies(
  em: EntityManager,
  index: QaIndex,
  windows: Window[],
  terms: Searched[],
  open: boolean,
): Promise<Map<string, number>> {
  const top = [...best(windows, 4 * RETRIEVAL.topK)].sort((a, b) => b.score - a.score).slice(0, 4 * RETRIEVAL.topK);
  const tied = top.filter((w, i) => top.some((o, j) => i !== j && Math.abs(o.score - w.score) < 1e-9));
  const ids = [...new Set(tied.map((w) => index.sessions[index.session[w.start]]))];
  if (ids.length < 2) return new Map();
  const said = terms.map(() => `case when qa_summary_vector @@ ?::tsquery then ?::float8 else 0 end`).join(' + ');
  const rows = await em.getConnection().execute<Array<{ id: string; weight: number }>>(
    `/* qa:summaries */ select id, ${open ? 'case when summaries_gm_only then 0 else' : ''} (${said}) ${open ? 'end' : ''} as weight
     from sessions where id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
    [...terms.flatMap((t) => [t.lexemes.map(lexemeQuery).join(' | '), t.weight]), JSON.stringify(ids)],
  );
  return new Map(rows.map((r) => [r.id, Number(r.weight)]));
}
