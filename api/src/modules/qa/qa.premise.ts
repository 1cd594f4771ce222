import { timestamp, type AnswerDraft, type Passage } from '../../engines/qa/answerer';
import { IRREGULAR_VERBS } from './qa.inflections';
import type { Scored } from './qa.rank';
import type { Searched } from './qa.scope';
import { RETRIEVAL } from './qa.tuning';

const DENIABLE = /^(?:and\s+)?(?:why\s+)?(?:did|does|do)\s+(.+)$/i;

/**
 * The question's event when no moment of the scope holds it: its key verb is said, and the things
 * or names it asks about are, but never within one passage (RETRIEVAL.window lines) of each
 * other: "Why did the innkeeper burn the mill?" of a story where something burns and the
 * innkeeper and the mill are met elsewhere. Undefined when some moment holds them, or when the
 * verb is never said at all (then it may be said otherwise, and retrieval's decline decides).
 * Read off the scoring retrieval made (`found`, every line the viewer may read): not ranked again.
 */
export function unmetPremise(question: string, found: Scored | undefined): string | undefined {
  // Only a why or did question is denied (premiseOf).
  if (!DENIABLE.test(question.trim())) return undefined;
  if (!found) return undefined;
  const shaped = (s: Searched) => premiseOf(question, s.term.word) !== undefined;
  const verbs = found.present.filter((s) => s.term.verb && s.term.key && !s.fuzzy && shaped(s));
  const things = found.present.filter((s) => s.term.key && !s.term.verb && !s.fuzzy);
  if (!verbs.length || !things.length) return undefined;
  const { index, within } = found;
  // The words' own forms: a related word ("fire" of "burn") is no saying of the event.
  const lines = (s: Searched) =>
    s.lexemes
      .filter((_, i) => s.shares[i] === 1)
      .flatMap((l) => [...(index.postings.get(l)?.lines ?? [])])
      .filter((line) => within === undefined || index.session[line] === within);
  const near = new Set<number>();
  for (const verb of verbs)
    for (const line of lines(verb))
      for (let at = line - RETRIEVAL.window + 1; at < line + RETRIEVAL.window; at++)
        if (at >= 0 && at < index.text.length && index.session[at] === index.session[line]) near.add(at);
  if (!near.size) return undefined;
  return things.some((t) => lines(t).some((line) => near.has(line))) ? undefined : verbs[0].term.word;
}

// "burned", not the list's "burnt": the sessions' own English.
const PAST = new Map([
  ...IRREGULAR_VERBS.filter((forms) => forms.length > 1).map((forms): [string, string] => [forms[0], forms[1]]),
  ['burn', 'burned'],
]);

/** "burn" → "burned", "marry" → "married", "steal" → "stole". */
function past(verb: string): string {
  const irregular = PAST.get(verb);
  if (irregular) return irregular;
  if (/ed$/.test(verb)) return verb;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return /e$/.test(verb) ? `${verb}d` : `${verb}ed`;
}

/**
 * The question as the claim it takes for granted: "Why did the innkeeper burn the mill?" → "the
 * innkeeper burned the mill", "Did Ilsa marry the duke?" → "Ilsa married the duke"; undefined
 * where its shape is not one of these (and then the question is answered as any other).
 */
export function premiseOf(question: string, verb: string): string | undefined {
  const q = question.trim().replace(/[?.!]+$/, '');
  // Why and did questions only: a who, how, when or where question is as often about an event told
  // with another verb ("Who warned the party about the cult?" of a hermit who speaks of it) or
  // garbled (Whisper's "cross" of the marsh), and is answered as any other.
  const did = DENIABLE.exec(q);
  if (did) return did[1].replace(new RegExp(`\\b${verb}\\b`), past(verb));
  return undefined;
}

/**
 * The answer to a question whose event no moment holds: said plainly, with the closest line
 * offered only as what the sessions mention, never as the answer (found: false).
 */
export function premiseDenied(question: string, verb: string, closest: Passage | undefined): AnswerDraft {
  const claim = premiseOf(question, verb);
  const denial = claim ? `Nothing in the sessions says ${claim}.` : 'Nothing in the sessions says that happened.';
  if (!closest) return { text: denial, found: false, citations: [] };
  // The passage's first line holding a word of the question: the closest it comes, quoted alone.
  const held = closest.lines?.find((l) => l.terms.length > 0 && !l.aside);
  if (held) closest = { ...closest, startMs: held.startMs, endMs: held.endMs, text: held.text, lines: [held] };
  const line = `The sessions mention: “${closest.text}” (${closest.sessionTitle}, ${timestamp(closest.startMs)})`;
  return { text: `${denial}\n\n${line}`, found: false, citations: [closest] };
}
