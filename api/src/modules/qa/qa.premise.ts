import { timestamp, type AnswerDraft, type Passage } from '../../engines/qa/answerer';
import { IRREGULAR_VERBS } from './qa.inflections';
import type { Scored } from './qa.rank';
import type { Searched } from './qa.scope';
import { RETRIEVAL } from './qa.tuning';

/**
 * The shapes that take an event for granted, with whom it happened to: why and yes-or-no
 * questions ("Why did Mira betray the party?", "Did Tobin poison the baron?"), who did it ("Who
 * killed the dragon?", "Who did Mira marry?"; not "Who is the king called?", which asks a name) and where or when ("Where did Ilsa bury the bell?").
 * How, what and which questions ask for a manner or a thing, as often told in other words or
 * misheard ("How did the party cross the marsh?" of Whisper's "habrows the party into … marsh"),
 * and are answered as any other; a thing a "which …" question takes for granted is checked by
 * retrieval (qa.rank.ts).
 */
const DENIABLE =
  /^(?:and\s+)?(?:(?:why|where|when|who|whom)\s+(?:did|does|do)\b|(?:did|does|do)\s|who\s+(?!(?:is|was|are|were)\b))/i;

const PARTICLE = /^(?:away|off|out|up|down|over|back|around|through)$/;
const NEGATED = /\b(?:not|never|\w+n['’]t)\b/i;
const STATE = /\b(?:get|gets|got|gotten|getting|be|been|being|become|became|feel|felt|seem|seemed)\s+(\p{L}+)/giu;

/**
 * The question's event when no moment of the scope holds it: the things or names it asks about
 * (its topic) are said, but its key verb (the predicate) is never said within one passage
 * (RETRIEVAL.window lines) of any of them, in its own forms, another verb of its groups
 * (qa.synonym-groups.ts: "slays" for "killed"), who does it ("the thief" for "stole") or a
 * spelling that sounds like it (Whisper's "breed" of "breathe"). "Who killed the dragon?" of a
 * story where the dragon only sleeps; "Why did the innkeeper burn the mill?" of one where
 * something burns far from the innkeeper and the mill. A group's nouns do not tell the act ("a
 * fire" is no burning of the mill). Undefined when some moment holds them, when the question has
 * no key verb or no topic said (then retrieval's decline decides).
 * Read off the scoring retrieval made (`found`, every line the viewer may read): not ranked again.
 */
export function unmetPremise(question: string, found: Scored | undefined): string | undefined {
  // "Why did the women not arrive on time?" takes no event for granted: it asks why one did not happen.
  if (!found || !DENIABLE.test(question.trim()) || NEGATED.test(question)) return undefined;
  // A participle after "get" or "be" tells a state ("when did Doug get intoxicated?"), not a deed.
  const states = new Set([...question.matchAll(STATE)].map((m) => m[1].toLowerCase()));
  const verbs = found.searched.filter((s) => s.term.verb && s.term.key && !states.has(s.term.word.toLowerCase()));
  // A name may be heard otherwise ("asworld" of "Oswald"); another word spelled alike is another word.
  const things = found.present.filter((s) => s.term.key && !s.term.verb && (!s.fuzzy || s.term.name));
  if (!verbs.length || !things.length) return undefined;
  const { index, within, words } = found;
  const lines = (lexemes: string[]) =>
    lexemes
      .flatMap((l) => [...(index.postings.get(l)?.lines ?? [])])
      .filter((line) => within === undefined || index.session[line] === within);
  // The act's own words: the term's forms (or its sound-alike), and the verbs of its groups.
  const acts = (s: Searched) => {
    const verbal = new Set(
      [s.term.lexeme, ...(words.forms.get(s.term.lexeme) ?? [])].flatMap((l) => words.verbal.get(l) ?? []),
    );
    const own = [s.term.lexeme, ...(words.forms.get(s.term.lexeme) ?? [])].filter((f) => f.length >= 3);
    return [
      ...s.lexemes.filter((l, i) => s.shares[i] === 1 || verbal.has(l)),
      ...[...verbal].filter((l) => index.postings.has(l)),
      // Whisper writes a verb and its particle as one word ("the goblins runaway into the forest").
      ...[...index.postings.keys()].filter((l) => own.some((f) => l.startsWith(f) && PARTICLE.test(l.slice(f.length)))),
    ];
  };
  const near = new Set<number>();
  for (const verb of verbs)
    for (const line of lines(acts(verb)))
      for (let at = line - RETRIEVAL.window + 1; at < line + RETRIEVAL.window; at++)
        if (at >= 0 && at < index.text.length && index.session[at] === index.session[line]) near.add(at);
  // The topic by its related words too: "money" is told as "the 50 gold", "rescuing" as "saving".
  const topic = (s: Searched) => lines(s.lexemes);
  return things.some((t) => topic(t).some((line) => near.has(line))) ? undefined : verbs[0].term.word;
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

/** "keep" → "keeps", "carry" → "carries", "watch" → "watches". */
function third(verb: string): string {
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return /(s|sh|ch|x|z|o)$/.test(verb) ? `${verb}es` : `${verb}s`;
}

const AUXILIARY = /^(?:and\s+)?(?:(why|how|where|when|what|who|whom)\s+)?(did|does|do)\s+(.+)$/i;
const SUBJECT = /^(?:and\s+)?(who|what)\s+(\S+)(.*)$/i;

/**
 * The question as the claim it takes for granted: "Why did the innkeeper burn the mill?" → "the
 * innkeeper burned the mill", "Did Ilsa marry the duke?" → "Ilsa married the duke", "Where did
 * Ilsa bury the bell?" → "where Ilsa buried the bell", "Who poisoned the stew?" → "who poisoned
 * the stew"; undefined where its shape is none of these.
 */
export function premiseOf(question: string, verb: string): string | undefined {
  const q = question.trim().replace(/[?.!]+$/, '');
  const at = new RegExp(`\\b${verb}\\b`);
  const aux = AUXILIARY.exec(q);
  if (aux) {
    const [, wh, does, rest] = aux;
    if (!at.test(rest)) return undefined;
    const claim = rest.replace(at, /^did$/i.test(does) ? past(verb) : /^does$/i.test(does) ? third(verb) : verb);
    // Why and yes-or-no questions say the claim itself; the others, what is not said of it.
    return wh && !/^why$/i.test(wh) ? `${wh.toLowerCase()} ${claim}` : claim;
  }
  const subject = SUBJECT.exec(q);
  if (subject && subject[2] === verb) return `${subject[1].toLowerCase()} ${subject[2]}${subject[3]}`;
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
