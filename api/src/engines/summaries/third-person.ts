import winkNLP, { type ItsHelpers } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Retells a transcript sentence in the third person, as a recap reads: "I pull out my dagger"
 * becomes "Kira pulls out Kira's dagger" (her pronouns unknown), the GM's "you see two guards"
 * "Kira sees…" or "The party sees…". Only verbs wink-nlp tags are conjugated, and quoted speech stays
 * as said; a sentence that cannot be told so (the GM as themselves, talk across the table) gives null.
 */

const nlp = winkNLP(model);
const its: ItsHelpers = nlp.its;

export interface Voice {
  /** Who "I" is: the player's character (or label); absent for the narrator. */
  speaker?: string;
  /** Who "you" is in narration: the player the GM answers, or the party. */
  addressee: string;
  /**
   * The night tells no voice apart (one microphone, one label): a line's "I" may be a player
   * declaring a deed, so it is told as someone's rather than dropped as the GM talking as themselves.
   */
  unknown?: boolean;
}

/** Who an unknown voice's "I" is in the retelling. */
export const SOMEONE = 'someone';

export const PARTY = 'the party';

// "You guys", "you all": the whole table, one word so the tagger keeps it whole.
const YOU_ALL = 'youall';

const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\byou (?:guys|all)(?: all)?\b/gi, YOU_ALL],
  [/\b(I)['’]m\b/gi, '$1 am'],
  [/\b(I|you|we)['’]ll\b/gi, '$1 will'],
  [/\b(I|you|we)['’]ve\b/gi, '$1 have'],
  [/\b(I|you|we)['’]d\b/gi, '$1 would'],
  [/\b(you|we)['’]re\b/gi, '$1 are'],
];

/** Auxiliaries and their third-person singular; modals ("will", "can") stay as they are. */
const AGREE: Record<string, string> = {
  am: 'is',
  are: 'is',
  were: 'was',
  have: 'has',
  do: 'does',
  "don't": "doesn't",
  "haven't": "hasn't",
  "aren't": "isn't",
  "weren't": "wasn't",
};

/** "I am", "I was" said by several voices at once: "Scanlan and Keyleth are"; other verbs stay as said. */
const AGREE_SEVERAL: Record<string, string> = { am: 'are', was: 'were', "wasn't": "weren't" };
const SEVERAL = / and /;

/** "pull" → "pulls", "reach" → "reaches", "try" → "tries", "go" → "goes". */
function thirdSingular(verb: string): string {
  if (AGREE[verb]) return AGREE[verb];
  if (verb === 'be') return 'is';
  if (/(s|x|z|ch|sh|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const FIRST_SINGULAR = new Set(['i', 'me', 'my', 'mine', 'myself']);
const FIRST_PLURAL = new Set(['we', 'us', 'our', 'ours', 'ourselves']);
const SECOND = new Set(['you', 'your', 'yours', 'yourself', 'yourselves', YOU_ALL]);
const QUOTE = /^["“”]$/;

export interface Token {
  value: string;
  lower: string;
  pos: string;
  lemma: string;
  space: string;
}

/** The words of a text as wink-nlp's English model tags them. */
export function tokensOf(text: string): Token[] {
  const doc = nlp.readDoc(text);
  const values = doc.tokens().out(its.value);
  const pos = doc.tokens().out(its.pos);
  const lemmas = doc.tokens().out(its.lemma);
  const spaces = doc.tokens().out(its.precedingSpaces);
  return values.map((value, i) => ({
    value,
    lower: value.toLowerCase(),
    pos: pos[i],
    lemma: lemmas[i],
    space: spaces[i],
  }));
}

/** The sentence in the third person, or null when it cannot be told that way. */
export function thirdPerson(sentence: string, voice: Voice): string | null {
  // "Let's…" proposes what to do; what was done comes after.
  if (/\blet['’]s\b/i.test(sentence)) return null;
  const text = CONTRACTIONS.reduce((t, [pattern, full]) => t.replace(pattern, full), sentence);
  const tokens = tokensOf(text);
  // Half a quotation (a sentence cut inside a character's speech) cannot be told as narration.
  if (tokens.filter((t) => QUOTE.test(t.value)).length % 2) return null;
  const out: string[] = [];
  let quoted = false;
  let agreeing = false; // a subject was just replaced: the next verb agrees with it
  let several = false; // that subject is several people ("Scanlan and Keyleth", voices said together)
  const named = new Set<string>();
  for (const [i, token] of tokens.entries()) {
    let value = token.value;
    if (QUOTE.test(value)) quoted = !quoted;
    else if (!quoted) {
      // "the old mine" is a place, not the speaker's.
      const who = token.lower === 'mine' && token.pos !== 'PRON' ? undefined : personOf(token.lower, voice);
      if (who === null) return null;
      if (who !== undefined) {
        const subject = ['i', 'we'].includes(token.lower) || (/^you(all)?$/.test(token.lower) && isSubject(tokens, i));
        value = referTo(token.lower, who, named, subject);
        named.add(who);
        agreeing = subject;
        several = subject && SEVERAL.test(who);
      } else if (agreeing && (token.pos === 'VERB' || token.pos === 'AUX')) {
        value = several ? (AGREE_SEVERAL[token.lower] ?? value) : agree(token, value);
        agreeing = false;
      } else if (agreeing && token.pos !== 'ADV' && token.pos !== 'PART') agreeing = false;
      else if (token.pos === 'CCONJ' && i > 0) agreeing = agreeingAfter(tokens, i, out, named);
    }
    out.push(token.space + (i === 0 ? capitalise(value) : value));
  }
  return out.join('').trim();
}

/** Who a pronoun stands for: a name, undefined when it is no first or second person, null when unknown. */
function personOf(word: string, voice: Voice): string | undefined | null {
  if (FIRST_SINGULAR.has(word)) return voice.speaker ?? (voice.unknown ? SOMEONE : null);
  if (FIRST_PLURAL.has(word)) return voice.speaker || voice.unknown ? PARTY : null;
  if (SECOND.has(word))
    return voice.speaker ? null : word === 'yourselves' || word === YOU_ALL ? PARTY : voice.addressee;
  return undefined;
}

/** "you" is a subject when a verb follows it, perhaps after an adverb ("you quickly grab"). */
function isSubject(tokens: Token[], i: number): boolean {
  const next = tokens.slice(i + 1).find((t) => t.pos !== 'ADV');
  return !!next && (next.pos === 'VERB' || next.pos === 'AUX');
}

/** A pronoun as a name: a name's first mention, the pronoun's third-person form after it. */
function referTo(word: string, who: string, named: Set<string>, subject: boolean): string {
  const again = named.has(who);
  if (subject) return who;
  if (/^(my|our|your)$/.test(word)) return again ? 'their' : `${who}'s`;
  if (/^(mine|ours|yours)$/.test(word)) return `${who}'s`;
  if (/sel(f|ves)$/.test(word)) return 'themselves';
  return again ? 'them' : who;
}

function agree(token: Token, value: string): string {
  if (AGREE[token.lower]) return AGREE[token.lower];
  // Only a base form agrees: "took", "grabbed", "will" are the same for everyone.
  if (token.pos !== 'VERB' || token.lemma !== token.lower) return value;
  return thirdSingular(token.lower);
}

/**
 * "I grab the rope and pull": a verb joined by "and" shares the replaced subject, so it agrees
 * too; a verb after a new subject ("and he falls") has its own.
 */
function agreeingAfter(tokens: Token[], i: number, out: string[], named: Set<string>): boolean {
  const next = tokens[i + 1];
  return !!next && next.pos === 'VERB' && named.size > 0 && out.length > 0;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
