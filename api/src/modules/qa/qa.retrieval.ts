import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteLines } from '../../engines/qa/answerer';
import { passagesOf } from './qa.passages';
import { scorePassages, side, type Scored } from './qa.rank';
import { RETRIEVAL } from './qa.tuning';

export { RETRIEVAL } from './qa.tuning';
import type { RankedPassage, RetrievalScope } from './qa.scope';

export type { RankedPassage, RetrievalScope, Searched } from './qa.scope';

/** The passages found, and the scoring they came from (a premise is checked on it); none when nothing can answer. */
export interface Retrieved {
  passages: RankedPassage[];
  scored?: Scored;
}

/**
 * Finds the transcript passages that answer a question within a scope the caller may read: Okapi
 * BM25 over passages of RETRIEVAL.window consecutive lines, ranked once over the campaign's
 * in-memory index of every line the viewer may read (qa.rank.ts) and split in memory: the story's
 * passages, and table talk's where it says what is asked, ranked together. For a recipient GM-only lines
 * are not in the index, so what a recipient is told is what they would be told of the campaign
 * without them. A word of the question the scope never says in any of its forms is looked for by
 * how it sounds (Whisper's spelling of a name) and then by its spelling (qa.search.ts).
 *
 * Declines when no passage found scores RETRIEVAL.minStrength of what a passage saying
 * every word of the question once would score (a key word the story never says counts as the
 * rarest word: it is what the question is about), calibrated on the real-play train questions
 * (answered) and the dev campaign's absent facts (declined); and when the thing a "which …"
 * question takes for granted is never said.
 */
export async function retrieve(em: EntityManager, scope: RetrievalScope, question: string): Promise<Retrieved> {
  const scored = await scorePassages(em, scope, question);
  if (!scored) return { passages: [] };
  const story = await passagesOf(em, await side(em, scope, scored, true));
  // Table talk where it says what is asked, ranked with the story's passages, its words counted at
  // RETRIEVAL.tableTalk (below a story line that says as much), even a line that reads as an aside
  // by itself (qa.passages.ts quotes it only where the answer rests on it), unless a story passage already
  // quotes all of its time. A story that fills the list does not keep it out: on FriendsQA's dev
  // scenes, where a quarter of the lines are marked, it kept out the answer of a third of the
  // questions (docs/real-questions.md).
  const table = (await passagesOf(em, await side(em, scope, scored, false)))
    .filter((p) => p.lines.some((l) => l.tableTalk && saysAThingAsked(l.terms, scored)))
    .map(atTheTable)
    .filter((p) => !story.some((s) => s.sessionId === p.sessionId && s.startMs <= p.startMs && p.endMs <= s.endMs));
  const passages = [...story, ...table].sort((x, y) => y.score - x.score).slice(0, RETRIEVAL.topK);
  return { passages, scored };
}

/**
 * Whether a table-talk line holds a thing or name the question asks about, not only a verb or a
 * related word: its passage ranks by the story line beside it too, so "Dave brought nachos" next
 * to "the goblins dragged Gundren to Cragmaw Castle" matched "Where was Gundren taken?" by
 * "brought" alone. A question with no such key word asks of any line that holds a word of it.
 */
function saysAThingAsked(terms: string[], scored: Scored): boolean {
  const things = scored.searched.filter((s) => s.term.key && !s.term.verb).map((s) => s.term.lexeme);
  return things.length ? terms.some((t) => things.includes(t)) : terms.length > 0;
}

/**
 * A passage of the table's side as it is told: its table-talk lines that say a word asked (or that
 * it quoted), labelled as said at the table. Its in-game lines are the story's side's to quote: a
 * table passage that quoted them unlabelled passed a player's aside the classifier missed beside
 * them off as the story ("Sorry I am late." marked, "The ring road was jammed." not).
 */
function atTheTable(p: RankedPassage): RankedPassage {
  const lines = p.lines.filter((l) => l.tableTalk).map((l) => ({ ...l, aside: l.aside && l.terms.length === 0 }));
  const quoted = lines.filter((l) => !l.aside);
  return {
    ...p,
    lines,
    startMs: quoted[0].startMs,
    endMs: quoted[quoted.length - 1].endMs,
    text: quoteLines(lines, (l) => !l.aside),
    tableTalk: true,
  };
}

/** The passages that answer a question (retrieve), best first. */
export async function retrievePassages(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
): Promise<RankedPassage[]> {
  return (await retrieve(em, scope, question)).passages;
}
