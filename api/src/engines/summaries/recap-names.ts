import { buildIndex, type IndexEntry } from '../campaign-index/build-index';
import { findNames } from '../campaign-index/find-names';
import type { SummaryInput } from './summarizer';

/** A session's names that a recap may say: index entries with evidence, and the cast. */
export interface RecapNames {
  entries: IndexEntry[];
  /** Whether every name the sentence says is one of them. */
  allows(sentence: string): boolean;
  /** How many names the sentence says, not counting those of `voice` (who the retelling names). */
  count(sentence: string, voice?: string): number;
  /** Whether the GM's narration says the entry: a person the story met, a place it went, not a player's reference. */
  narrated(entry: IndexEntry): boolean;
}

const spelling = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/^the\s+/, '')
    .trim();

/**
 * The night's names, found as the campaign index finds them (build-index.ts) over the session's own
 * lines. A name enters a recap only with evidence: said twice, or introduced by the GM's narration,
 * or one of the cast — a capitalised word said once across the table is no one the story met.
 */
export function recapNames(
  lines: SummaryInput[],
  ids: string[],
  narrator: string | undefined,
  context: { cast: string[]; vocabulary: string[] },
): RecapNames {
  const narrated = new Set(lines.flatMap((l, i) => (!l.speaker || l.speaker === narrator ? [ids[i]] : [])));
  const all = buildIndex({
    lines: lines.map((l, i) => ({ sessionId: 's', sessionOrder: 0, position: i, lineId: ids[i], text: l.text })),
    vocabulary: context.vocabulary,
    characters: context.cast,
  });
  // The names the people at the table go by besides their characters' are no one the story met.
  const atTable = new Set(
    lines.flatMap((l) => l.alsoKnownAs ?? []).flatMap((n) => [n, ...n.split(/\s+/)].map(spelling)),
  );
  const entries = all.filter(
    (e) =>
      !atTable.has(spelling(e.name)) &&
      (e.kind === 'character' || e.mentions.length >= 2 || e.mentions.some((m) => narrated.has(m.lineId))),
  );
  const known = new Set<string>();
  for (const e of entries)
    for (const text of [e.name, e.key, ...e.variants]) {
      known.add(spelling(text));
      // A title before the name ("Captain Ives") may come and go.
      known.add(spelling(text.replace(/^\S+\s+/, '')));
    }
  // The cast, and every voice of the night: the retelling names who speaks ("Bram smashes …").
  const voices = [...context.cast, ...lines.flatMap((l) => (l.speaker ? [l.speaker] : []))];
  for (const name of voices) for (const word of [name, ...name.split(/\s+/)]) known.add(spelling(word));
  // A spelling the index did not group (a name opening its sentences, "Humb says …") still has its evidence.
  const said = new Map<string, number>();
  for (const [i, line] of lines.entries())
    for (const m of findNames(line.text)) {
      const k = spelling(m.text);
      said.set(k, (said.get(k) ?? 0) + (narrated.has(ids[i]) && !m.weak ? 2 : 1));
    }
  for (const [k, count] of said) if (count >= 2) known.add(k);
  const strong = (sentence: string) => findNames(sentence).filter((m) => !m.weak);
  return {
    entries,
    allows: (sentence) => strong(sentence).every((m) => known.has(spelling(m.text)) || known.has(m.key)),
    count: (sentence, voice) => strong(sentence).filter((m) => !voice?.includes(m.text)).length,
    narrated: (entry) => entry.mentions.some((m) => narrated.has(m.lineId)),
  };
}
