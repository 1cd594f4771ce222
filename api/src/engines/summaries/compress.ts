import { tokensOf, type Token } from './third-person';

/**
 * Sentence compression for recaps (deletion-based, after Knight & Marcu; clause splitting after
 * Siddharthan): talk at the table joins several deeds with ", and …", so a recap of whole sentences
 * rarely fits a name said once inside a long one. Each sentence is cut into the sentences it holds
 * (wink-nlp's part-of-speech tags), less disfluencies (Zechner 2002: "um", false starts, repeats,
 * empty hedges), opening markers ("So,") and broken-off tails. Nothing is reworded; quotes stay whole.
 */

const OPENER =
  /^(?:(?:so|and|but|okay|ok|all right|alright|well|now|however|anyway|also|um|uh|oh|yeah|then)\b[,]?\s+)+/i;
const DISFLUENCIES: Array<[RegExp, string]> = [
  // A restart: a clause's first few words broken off with a dash, then said again or otherwise.
  [/(^|[,;]\s+)(?:[\w'’]+\s+){0,3}[\w'’]+\s*--+\s+(?=\S)/g, '$1'],
  // The GM's prompt, not a deed: "you go ahead and (you) cast" is "you cast".
  [/\bgo(?:es)? ahead and\s+/gi, ''],
  [/(^|\s),?\s*\b(?:um+|uh+|er|hmm+)\b,?(?=\s|$)/gi, '$1'],
  [/\b(?:kind|sort) of\s+(?=[a-z])/gi, ''],
  [/,?\s*\b(?:you know|I mean|like)\s*,\s*/gi, ' '],
  [/\b(?:basically|essentially|literally|actually|just|really)\s+(?=[a-z])/gi, ''],
  [/\b(\w+)(?:,?\s+\1\b)+/gi, '$1'],
];
const BROKEN_OFF = /\s*(?:--+|—)\s*$/;
// Subjects an independent clause may start with.
const SUBJECT_POS = new Set(['PRON', 'PROPN', 'NOUN', 'DET', 'NUM']);

export function clausesOf(sentence: string): string[] {
  if (/["“”]/.test(sentence)) return [sentence];
  const fluent = DISFLUENCIES.reduce((t, [pattern, by]) => t.replace(pattern, by), sentence)
    .replace(/\s+/g, ' ')
    .trim();
  const whole = fluent.replace(OPENER, '');
  const broken = BROKEN_OFF.test(whole);
  const text = broken ? whole.replace(BROKEN_OFF, '') : whole;
  const tokens = tokensOf(text);
  if (!tokens.length) return [];
  const parts: Token[][] = [[]];
  for (const [i, token] of tokens.entries()) {
    if (startsClause(tokens, i)) parts.push([]);
    parts[parts.length - 1].push(token);
  }
  const clauses = parts.map((part, i) => {
    const last = i === parts.length - 1;
    return sentenceOf(broken && last ? completed(part) : withoutLink(part));
  });
  return clauses.filter((c): c is string => !!c);
}

/** A clause starts at "and"/"but"/"so"/"then" after a comma, or after a semicolon, with a subject and verb of its own. */
function startsClause(tokens: Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (!prev || !hasVerb(tokens.slice(0, i))) return false;
  const link = prev.value === ';' ? i : prev.value === ',' && /^(and|but|so|then)$/i.test(tokens[i].value) ? i + 1 : -1;
  if (link < 0) return false;
  let j = link;
  if (tokens[j]?.lower === 'then') j++;
  if (!tokens[j] || !SUBJECT_POS.has(tokens[j].pos)) return false;
  // The subject's words, then its verb: "the guard draws", "Grog's axe falls", "you quickly grab".
  for (let k = j + 1; k < Math.min(tokens.length, j + 5); k++) {
    if (isVerb(tokens, k)) return true;
    if (!['NOUN', 'PROPN', 'ADJ', 'ADV', 'PART', 'DET'].includes(tokens[k].pos)) return false;
  }
  return false;
}

function hasVerb(tokens: Token[]): boolean {
  return tokens.some((_, k) => isVerb(tokens, k));
}

/**
 * A verb, or a present-tense verb the model tags as a plural noun ("the party talks to", "Grog
 * swings his axe"): an -s word right after a noun, followed by what follows a verb, not a noun.
 */
export function isVerb(tokens: Token[], k: number): boolean {
  const t = tokens[k];
  if (t.pos === 'VERB' || t.pos === 'AUX') return true;
  const before = tokens[k - 1];
  const after = tokens[k + 1];
  return (
    t.pos === 'NOUN' &&
    /[^s]s$/.test(t.lower) &&
    !!before &&
    (before.pos === 'NOUN' || before.pos === 'PROPN') &&
    (!after || ['DET', 'PRON', 'ADP', 'ADV', 'PART', 'PUNCT'].includes(after.pos))
  );
}

/** A clause as it was cut: the comma and the conjunction that joined it to the one before go. */
function withoutLink(part: Token[]): Token[] {
  let start = 0;
  while (start < part.length && (/^(and|but|so|then)$/i.test(part[start].value) || part[start].pos === 'PUNCT'))
    start++;
  let end = part.length;
  while (end > start && /^[,;:]$/.test(part[end - 1].value)) end--;
  return part.slice(start, end);
}

/** Speech broken off: up to the last comma, or all of it when it ends in a noun ("you cast Hallucinatory Terrain--"). */
function completed(part: Token[]): Token[] {
  const clause = withoutLink(part);
  const comma = clause.map((t) => t.value).lastIndexOf(',');
  if (comma > 0 && hasVerb(clause.slice(0, comma))) return clause.slice(0, comma);
  const last = clause[clause.length - 1];
  return last && (last.pos === 'NOUN' || last.pos === 'PROPN') ? clause : [];
}

/** Tokens back to a sentence: capitalised, closed with its own stop or a full stop; null without a verb. */
function sentenceOf(tokens: Token[]): string | null {
  if (!tokens.length) return null;
  const text = tokens
    .map((t, i) => (i === 0 ? '' : t.space) + t.value)
    .join('')
    .trim();
  const closed = /[.!?…]$/.test(text) ? text : `${text}.`;
  return closed.charAt(0).toUpperCase() + closed.slice(1);
}
