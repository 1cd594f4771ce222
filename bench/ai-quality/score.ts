/*
 * The measures of the AI-quality benchmark, pure functions over text: word error rate, keyword
 * matching for facts and answers, and tracing text (summary sentences, quotes, transcript lines)
 * back to the script lines it came from.
 */
import type { Keyword, ScriptLine } from './fixture';

const ONES =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS = ', , twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');

/** 0..999999 in words ("96" -> "ninety six"), so "page 96" and "page ninety-six" compare equal. */
function numberWords(n: number): string {
  if (n < 20) return ONES[n];
  if (n < 100) return TENS[Math.floor(n / 10)] + (n % 10 ? ` ${ONES[n % 10]}` : '');
  if (n < 1000) return `${ONES[Math.floor(n / 100)]} hundred` + (n % 100 ? ` ${numberWords(n % 100)}` : '');
  return `${numberWords(Math.floor(n / 1000))} thousand` + (n % 1000 ? ` ${numberWords(n % 1000)}` : '');
}

/** Lowercase words without punctuation; digits spelled out; "don't" -> "dont", "half-elf" -> "half elf". */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, ' ')
    .replace(/(\d),(\d{3})\b/g, '$1$2')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\d+/g, (d) => (d.length <= 6 ? ` ${numberWords(Number(d))} ` : ` ${d} `))
    .split(/\s+/)
    .filter(Boolean);
}

/** Word-level edit operations turning `ref` into `hyp`, with the alignment of hypothesis words. */
export function align(ref: string[], hyp: string[]): { edits: number; refIndexOfHyp: Array<number | null> } {
  // Full matrix: the sessions are a few hundred words, and the backtrace needs it.
  const d = Array.from({ length: ref.length + 1 }, (_, i) => {
    const row = new Uint32Array(hyp.length + 1);
    row[0] = i;
    return row;
  });
  for (let j = 0; j <= hyp.length; j++) d[0][j] = j;
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= hyp.length; j++) {
      const sub = d[i - 1][j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      d[i][j] = Math.min(sub, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  const refIndexOfHyp: Array<number | null> = new Array(hyp.length).fill(null);
  for (let i = ref.length, j = hyp.length; i > 0 || j > 0;) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1)) {
      refIndexOfHyp[--j] = --i;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) i--;
    else j--;
  }
  return { edits: d[ref.length][hyp.length], refIndexOfHyp };
}

/** Does the keyword (or one of its alternatives) occur in the text, as whole words? */
export function hasKeyword(text: string, keyword: Keyword): boolean {
  const haystack = ` ${words(text).join(' ')} `;
  return (Array.isArray(keyword) ? keyword : [keyword]).some((k) => haystack.includes(` ${words(k).join(' ')} `));
}

export const missingKeywords = (text: string, keywords: Keyword[]): Keyword[] =>
  keywords.filter((k) => !hasKeyword(text, k));

export const showKeyword = (k: Keyword): string => (Array.isArray(k) ? k.join('|') : k);

/** Sentences of a summary (it may hold HTML, bullet lines or several paragraphs). */
export function sentences(text: string): string[] {
  return text
    .replace(/<[^>]+>/g, '\n')
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[\s*•-]+/, '').trim())
    .filter((s) => words(s).length > 0);
}

/**
 * Where all keywords occur within one of the texts (summary sentences, script or transcript lines)
 * or two neighbouring ones: a summary may name the actor in one sentence and the deed in the next.
 */
export function findTogether(texts: string[], keywords: Keyword[]): number[][] {
  const found: number[][] = [];
  texts.forEach((t, i) => {
    const alone = (j: number) => !missingKeywords(texts[j], keywords).length;
    if (alone(i)) found.push([i]);
    // A pair only when neither does it alone: the next one is found by itself otherwise.
    else if (i + 1 < texts.length && !alone(i + 1) && !missingKeywords(`${t} ${texts[i + 1]}`, keywords).length) {
      found.push([i, i + 1]);
    }
  });
  return found;
}

export const together = (texts: string[], keywords: Keyword[]): boolean => findTogether(texts, keywords).length > 0;

function bigrams(tokens: string[]): Set<string> {
  const set = new Set<string>();
  for (let i = 0; i + 1 < tokens.length; i++) set.add(`${tokens[i]} ${tokens[i + 1]}`);
  return set;
}

/**
 * The script lines a piece of text (a summary sentence, a quote) comes from, by shared word pairs:
 * a line is in the text when at least two of its word pairs are, and either four or at least half
 * of those of the shorter of the two (a line split between transcript lines is still found). Pairs
 * survive small recognition errors and ignore a lone shared story word.
 */
export function sourceLines(text: string, script: ScriptLine[]): ScriptLine[] {
  const pairs = bigrams(words(text));
  return script.filter((line) => {
    const own = bigrams(words(line.text));
    let shared = 0;
    for (const p of own) if (pairs.has(p)) shared++;
    return shared >= 2 && (shared >= 0.5 * Math.min(own.size, pairs.size) || shared >= 4);
  });
}

/**
 * Word errors of a transcript against the script; which script lines each transcript line's words
 * aligned with; and how many words of each script line came through right.
 */
export function wordErrors(script: ScriptLine[], transcript: string[]) {
  const ref: string[] = [];
  const lineOfRef: number[] = [];
  script.forEach((line, i) => {
    for (const w of words(line.text)) {
      ref.push(w);
      lineOfRef.push(i);
    }
  });
  const hypLine: number[] = [];
  const hyp: string[] = [];
  transcript.forEach((text, i) => {
    for (const w of words(text)) {
      hyp.push(w);
      hypLine.push(i);
    }
  });
  const { edits, refIndexOfHyp } = align(ref, hyp);
  /** For each transcript line, how many of its words aligned with each script line. */
  const votes = transcript.map(() => new Map<number, number>());
  refIndexOfHyp.forEach((r, h) => {
    if (r === null) return;
    const v = votes[hypLine[h]];
    v.set(lineOfRef[r], (v.get(lineOfRef[r]) ?? 0) + 1);
  });
  // Script words the transcript got right, per line: the rest were substituted or dropped.
  const rightPerLine = script.map(() => 0);
  refIndexOfHyp.forEach((r, h) => {
    if (r !== null && ref[r] === hyp[h]) rightPerLine[lineOfRef[r]]++;
  });
  return { edits, refWords: ref.length, votes, rightPerLine };
}
