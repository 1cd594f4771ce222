import { CREATURES, ITEMS, key, PLACES, stem, tokens } from '../summaries/event-score';

/** What a question asks for, from its question word. */
export type QuestionKind = 'who' | 'where' | 'what' | 'amount' | 'when' | 'why' | 'other';

const KINDS: Array<[RegExp, QuestionKind]> = [
  [/\bhow\s+(much|many)\b/, 'amount'],
  [/\b(who|whom|whose)\b/, 'who'],
  [/\bwhere\b/, 'where'],
  [/\b(what|which)\b/, 'what'],
  [/\bwhen\b/, 'when'],
  [/\bwhy\b/, 'why'],
];

/** The kind of the earliest question word ("Who took it, and where?" asks who). */
export function questionKind(question: string): QuestionKind {
  const q = question.toLowerCase();
  let best: { at: number; kind: QuestionKind } = { at: Infinity, kind: 'other' };
  for (const [pattern, kind] of KINDS) {
    const at = pattern.exec(q)?.index ?? Infinity;
    if (at < best.at) best = { at, kind };
  }
  return best.kind;
}

const SPEECH = new Set([
  'say',
  'says',
  'said',
  'tell',
  'tells',
  'told',
  'whisper',
  'whispers',
  'ask',
  'asks',
  'warn',
  'warns',
]);
const PLACE_PREPOSITIONS = new Set([
  'in',
  'at',
  'to',
  'into',
  'toward',
  'towards',
  'from',
  'under',
  'behind',
  'beyond',
  'inside',
  'near',
]);
const NUMBER =
  /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen)$/;
const TIME = new Set(
  'dawn dusk night midnight noon morning evening day days week later ago tomorrow yesterday moon before after'.split(
    ' ',
  ),
);
const ARTICLES = new Set(['the', 'a', 'an', 'his', 'her', 'their']);
/** Words that give a reason: "… spares him, because a paladin who kills a man on his knees …". */
const REASON = /\b(because|cause|since|so that|in order to|so as to|reason|for fear)\b/i;

/**
 * How well a sentence holds the kind of thing the question asks for, beyond the question's own
 * words, 0..1: for who a name (a creature or a role is half an answer; a name that only reports
 * what someone else did, "Greta tells you that…", is none unless the question is about telling),
 * for where a place, for what a thing, creature or name, for how much a number, for when a time,
 * for why a reason given ("because").
 */
export function kindFit(sentence: string, kind: QuestionKind, question: string, names: Set<string>): number {
  if (kind === 'other') return 1;
  const asked = new Set(tokens(question).flatMap((t) => [key(t), stem(t)]));
  const askedAboutSpeech = tokens(question).some((t) => SPEECH.has(t.toLowerCase()));
  const words = tokens(sentence);
  const fresh = (i: number) => !asked.has(key(words[i])) && !asked.has(stem(words[i]));
  const inList = (list: Set<string>, i: number) => list.has(stem(words[i])) && fresh(i);
  const isName = (i: number) => names.has(key(words[i])) && fresh(i);
  const any = (test: (w: string, i: number) => boolean) => (words.some(test) ? 1 : 0);
  switch (kind) {
    case 'who':
      if (any((w, i) => isName(i) && (askedAboutSpeech || !SPEECH.has(words[i + 1]?.toLowerCase() ?? '')))) return 1;
      return any((_, i) => inList(CREATURES, i)) / 2;
    case 'where':
      // A place word, or a preposition of place before a name or an article ("in a hollow oak").
      return any((w, i) => {
        if (inList(PLACES, i)) return true;
        if (!PLACE_PREPOSITIONS.has(w.toLowerCase()) || i + 1 >= words.length) return false;
        return isName(i + 1) || (ARTICLES.has(words[i + 1].toLowerCase()) && i + 2 < words.length && fresh(i + 2));
      });
    case 'what':
      return any((_, i) => inList(ITEMS, i) || inList(CREATURES, i) || isName(i));
    case 'amount':
      return any((w) => NUMBER.test(w.toLowerCase()));
    case 'when':
      return any((w, i) => TIME.has(w.toLowerCase()) && fresh(i));
    case 'why':
      return REASON.test(sentence) ? 1 : 0;
  }
}
