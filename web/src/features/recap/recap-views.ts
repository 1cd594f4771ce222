import type { RecapFieldsFragment, RecapSentenceFieldsFragment } from '../../gql/graphql';

export type Recap = RecapFieldsFragment;
export type RecapScene = Recap['scenes'][number];
export type Sentence = RecapSentenceFieldsFragment;

/** A block of a summary as the api rendered it: a scene's title (moderate) and its sentences. */
export interface Block {
  title: string | null;
  sentences: Sentence[];
}

/** The text a stored summary shows, tags and entities read as the browser reads them. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return squash(doc.body.textContent ?? '');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A sentence as the api writes it into a summary: closed with a full stop where it has no mark. */
export const prose = (s: Sentence) => (/[.!?…]["”')\]]*$/.test(s.text) ? s.text : `${s.text}.`);

/**
 * The stored summary, read back as the recap's sentences: each block's title and sentences found in
 * the text in order, from the scenes each block may take. Null unless they make up (nearly) all of
 * the text, so what is shown is what the api wrote; a text the recap did not make (a model's, or
 * one older than the recap) is shown as stored.
 */
function readBack(text: string, groups: { title: string | null; sentences: Sentence[] }[]): Block[] | null {
  let cursor = 0;
  let covered = 0;
  const find = (sentence: string) => {
    const told = squash(sentence);
    const at = text.indexOf(told, cursor);
    if (at >= 0) {
      cursor = at + told.length;
      covered += letters(told);
    }
    return at >= 0;
  };
  const blocks: Block[] = [];
  for (const group of groups) {
    if (group.title !== null && !find(`${group.title}.`)) continue;
    const sentences = group.sentences.filter((s) => find(prose(s)));
    if (sentences.length) blocks.push({ title: group.title, sentences });
  }
  return blocks.length && covered >= 0.9 * letters(text) ? blocks : null;
}

const letters = (text: string) => text.replace(/\s/g, '').length;

/** The brief recap: the sentences of the "Previously…" paragraph, in the night's order. */
export function briefOf(recap: Recap, html: string): Sentence[] | null {
  const all = recap.scenes.flatMap((s) => s.happened);
  return readBack(plainText(html), [{ title: null, sentences: all }])?.flatMap((b) => b.sentences) ?? null;
}

/** The moderate recap: a paragraph per main scene (every told scene on a night without main ones). */
export function moderateOf(recap: Recap, html: string): Block[] | null {
  const told = recap.scenes.filter((s) => s.happened.length);
  const main = told.filter((s) => s.main);
  const scenes = main.length ? main : told;
  return readBack(
    plainText(html),
    scenes.map((s) => ({ title: s.title, sentences: s.happened })),
  );
}

/** The detailed recap is every scene: it is the recap itself when the stored text holds its sentences. */
export function detailedMatches(recap: Recap, html: string): boolean {
  const text = plainText(html);
  const sentences = recap.scenes.flatMap((s) => s.happened);
  let cursor = 0;
  for (const sentence of sentences) {
    const told = squash(prose(sentence));
    const at = text.indexOf(told, cursor);
    if (at < 0) return false;
    cursor = at + told.length;
  }
  return sentences.length > 0;
}

/** "A, B and C", as the api lists names. */
export function list(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export type SummaryKind = 'brief' | 'moderate' | 'detailed';

/** A stored summary read back as its recap, or null where it is not the recap's text. */
export type ReadSummary =
  { kind: 'brief'; sentences: Sentence[] } | { kind: 'moderate'; blocks: Block[] } | { kind: 'detailed' } | null;

export function readSummary(kind: SummaryKind, recap: Recap, html: string): ReadSummary {
  if (kind === 'brief') {
    const sentences = briefOf(recap, html);
    return sentences && { kind, sentences };
  }
  if (kind === 'moderate') {
    const blocks = moderateOf(recap, html);
    return blocks && { kind, blocks };
  }
  return detailedMatches(recap, html) ? { kind } : null;
}
