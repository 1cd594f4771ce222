import { isVerb } from './compress';
import { tokensOf, type Token } from './third-person';

/**
 * Whether a retold sentence tells the story (someone did something), as the brief recap, read at a
 * glance, needs of every sentence. Left out besides questions, dice and chatter: imperatives and
 * fragments without a subject, intentions ("going to": the deed comes after), lines said to someone
 * at the table by name, lone subordinate clauses, and turn order or rules talk.
 */

const TABLE_TALK =
  /\b(?:top|end|start) of the round\b|(?:['’]s|\bis|\byour|\btheir|\bnext) turn\b|\bis up(?: next)?[.!]$|\blevel (?:\d+|one|two|three|four|five|six|seven|eight|nine)\b|\bspell slots?\b|\bcome on\b|\bguys\b/i;
const INTENT =
  /\b(?:should|shall|will|would|can|maybe|might|could|probably|gonna|going to|wants? to|wanna|thinks?|let me)\b/i;
// Someone at the table named on their own between commas or at the end: "…, Keyleth." is said to her.
const ADDRESSED = /,\s*\p{Lu}[\p{L}'’-]+\s*(?:,|[.!]$)/u;
// A subordinate clause alone: "If Laura helps push Trinket through.", "Which would be at the inn."
const SUBORDINATE = /^(?:if|which|because|although|though|unless|whether|while|when|where)\b[^,]*$/i;
const SUBJECT_POS = new Set(['PRON', 'PROPN', 'NOUN', 'NUM']);

export function tellsStory(sentence: string): boolean {
  if ([TABLE_TALK, INTENT, ADDRESSED, SUBORDINATE].some((pattern) => pattern.test(sentence))) return false;
  const tokens = tokensOf(sentence);
  const verb = tokens.findIndex((_, k) => isVerb(tokens, k));
  return verb > 0 && hasSubject(tokens, verb) && !/ing$/.test(tokens[verb].lower) && !commands(tokens);
}

/** A clause after a comma opening on a verb's bare form: "As soon as it's ready, bring it to Balgus." */
function commands(tokens: Token[]): boolean {
  return tokens.some((t, k) => k > 0 && tokens[k - 1].value === ',' && t.pos === 'VERB' && t.lemma === t.lower);
}

/** The first verb has its subject right before it, perhaps past an adverb ("Grog then swings"). */
function hasSubject(tokens: Token[], verb: number): boolean {
  let k = verb - 1;
  while (k > 0 && tokens[k].pos === 'ADV') k--;
  const word = tokens[k].lower;
  // "that" opening a sentence is its subject; later it starts a relative clause, whose main clause is missing.
  if (/^(that|which|who)$/.test(word)) return k === 0 && word === 'that';
  return SUBJECT_POS.has(tokens[k].pos) || word === 'there' || word === 'this';
}
