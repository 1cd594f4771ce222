import { STOP_WORDS } from '../../engines/text/tokenize';
import { parseVocabulary } from '../../engines/text/vocabulary';
import { bare, type WordReplacement } from './transcript.words';

/** setCampaignVocabulary's bound: learning never grows the vocabulary past what the owner may set. */
export const VOCABULARY_MAX_CHARS = 2000;

const NAME_MAX_CHARS = 40;
const MAX_WORDS = 3;

/**
 * Words that open sentences without being names; with STOP_WORDS, a capitalised one of these at
 * the start of a sentence is grammar, not a correction of a name.
 */
const SENTENCE_OPENERS = new Set(
  (
    'yes yeah yep no nope okay ok oh ah um uh hey hi hello well now so right sure maybe please thanks thank ' +
    'sorry wait look see go come get got let lets alright actually anyway both either neither every everyone ' +
    'everything nothing something someone anyone one two three first next last after before because while ' +
    'until since though although yet still even ever never always often sometimes perhaps really like good ' +
    'great nice cool fine bad new old big small little other another such same few many much more most less ' +
    'roll make take give tell say said ask know think want need try use find keep put run walk attack cast ' +
    'move turn hit miss nobody somebody everybody meanwhile suddenly finally later today tonight'
  ).split(' '),
);

const NAME_WORD = /^\p{Lu}[\p{L}'’-]*$/u;

/**
 * Names the owner spelled out in place of what speech-to-text heard ("Thoren" → "Thorin",
 * "crag maw" → "Kragmaw"): one to three capitalised words replacing one to three others, not a
 * common word merely capitalised at the start of a sentence.
 */
export function learnedNames(replacements: WordReplacement[]): string[] {
  const names: string[] = [];
  for (const { before, after, atSentenceStart } of replacements) {
    if (before.length > MAX_WORDS || after.length > MAX_WORDS) continue;
    const words = after.map(bare).map((w) => w.replace(/['’]s$/u, ''));
    if (!words.every((w) => w.length >= 2 && NAME_WORD.test(w))) continue;
    const lower = words.map((w) => w.toLowerCase());
    if (lower.every((w) => STOP_WORDS.has(w))) continue;
    if (atSentenceStart && (STOP_WORDS.has(lower[0]) || SENTENCE_OPENERS.has(lower[0]))) continue;
    const name = words.join(' ');
    if (name.length > NAME_MAX_CHARS) continue;
    if (before.map(bare).join(' ') === name) continue;
    names.push(name);
  }
  return names;
}

/**
 * The vocabulary with the names it lacks (compared without case) appended in the owner's own
 * separator style; a name that would push it past the bound is left out.
 */
export function addToVocabulary(vocabulary: string, names: string[]): string {
  const known = new Set(parseVocabulary(vocabulary).map((n) => n.toLowerCase()));
  const separator = vocabulary.includes('\n') && !vocabulary.includes(',') ? '\n' : ', ';
  let result = vocabulary.trim();
  for (const name of names) {
    if (known.has(name.toLowerCase())) continue;
    const next = result ? `${result}${separator}${name}` : name;
    if (next.length > VOCABULARY_MAX_CHARS) continue;
    known.add(name.toLowerCase());
    result = next;
  }
  return result;
}
