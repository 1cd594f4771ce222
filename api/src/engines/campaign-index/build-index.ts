import { phoneticKey } from '../text/phonetic';
import { shorten } from '../text/shorten';
import { caseCounts, hasEvidence, narrationOf, speakerWords, type Facts } from './evidence';
import { findNames, type NameMention } from './find-names';
import { contextVotes, decideKind, nameVotes, type EntryKind } from './kinds';
import { foldVariants, resolve } from './variants';

/** One in-game line of a campaign (table talk is left out by the caller: it is not the story). */
export interface IndexLine {
  sessionId: string;
  /** The session's place in the campaign, earliest first. */
  sessionOrder: number;
  /** The line's place in its session. */
  position: number;
  lineId: string;
  text: string;
  /** Who said it, where the transcript tells: the voice that says most in a session is taken for its GM. */
  speaker?: string | null;
  /** Whether the GM said it, where the caller knows (the cast's GM role); else guessed from `speaker`. */
  narration?: boolean;
}

export interface IndexSource {
  lines: IndexLine[];
  /** The campaign's names as its owner spelled them (Edit Campaign → vocabulary). */
  vocabulary: string[];
  /** The players' characters (the cast). */
  characters: string[];
  /** The owner's merges: an entry's key → the key of the entry it joins. */
  merges?: ReadonlyMap<string, string>;
}

export interface IndexMention {
  sessionId: string;
  lineId: string;
  /** Character offsets of the name in the line's text. */
  start: number;
  end: number;
  text: string;
}

export interface IndexEntry {
  /** Lower case, without title or a leading "the": stable across rebuilds, so owner edits can key on it. */
  key: string;
  name: string;
  kind: EntryKind;
  /** Every other spelling the transcripts used, as written. */
  variants: string[];
  mentions: IndexMention[];
  firstSessionId: string;
  lastSessionId: string;
  /** The sentences that say most about it, in transcript order. */
  description: string;
  /** The sentences that say most about it, the most telling first: what a writer (an LLM) describes it from. */
  evidence: string[];
}

const DESCRIPTION_MAX = 280;
/** Sentences handed to a writer per entry. */
const EVIDENCE_MAX = 6;
/**
 * A name said thousands of times is known by its first few hundred mentions: kind votes and
 * description candidates read no more (a 100-session campaign stays a second's work).
 */
const MENTIONS_READ = 300;

interface Found extends NameMention {
  line: IndexLine;
}

interface Group {
  key: string;
  sound: string;
  known?: string;
  character: boolean;
  mentions: Found[];
}

const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(' ')
    .replace(/^the /, '');

/**
 * The campaign's index of proper names, rebuilt from its transcripts: each capitalised phrase
 * (find-names.ts) grouped with its spelling variants (variants.ts), kept when the lines give evidence
 * that it names something of the story (evidence.ts: said twice, or by the GM), given a kind by its
 * words and the words around it (kinds.ts), and described by the sentences that mention it. Offline
 * and deterministic: the same lines always give the same entries, in order of first mention.
 */
export function buildIndex(source: IndexSource): IndexEntry[] {
  const found: Found[] = source.lines.flatMap((line) => findNames(line.text).map((m) => ({ ...m, line })));
  const groups = new Map<string, Group>();
  const characters = new Set(source.characters.map(keyOf));
  for (const name of [...source.characters, ...source.vocabulary]) {
    const key = keyOf(name);
    if (key && !groups.has(key)) groups.set(key, newGroup(key, { known: name.trim(), character: characters.has(key) }));
  }
  const strong = new Set(found.filter((m) => !m.weak).map((m) => m.key));
  // Each spelling is resolved once, longer phrases first, so "Ysoldra" can join "Ysoldra Thane"; among
  // equals the first said founds the group, so its key stays as later sessions add spellings.
  const spellings = [...new Set(found.map((m) => m.key))].sort((a, b) => b.split(' ').length - a.split(' ').length);
  const saidIn = new Map<string, Set<IndexLine>>();
  for (const m of found) saidIn.set(m.key, (saidIn.get(m.key) ?? new Set()).add(m.line));
  const linesOf = new Map([...saidIn].map(([key, lines]) => [key, lines.size]));
  const groupOf = new Map<string, Group>();
  for (const key of spellings) {
    let group = resolve(groups, key, strong.has(key), linesOf);
    if (!group && strong.has(key)) {
      group = newGroup(key, { character: false });
      groups.set(key, group);
    }
    if (group) groupOf.set(key, group);
  }
  for (const mention of found) groupOf.get(mention.key)?.mentions.push(mention);
  const folded = foldVariants<Group, Found>(groups);
  for (const [from, to] of source.merges ?? []) {
    const target = groups.get(finalKey(source.merges!, to));
    const merged = groups.get(from);
    if (!target || !merged || target === merged) continue;
    target.mentions.push(...merged.mentions);
    groups.delete(from);
  }
  const narration = narrationOf(source.lines);
  const facts: Facts<IndexLine> = {
    narrated: new Map(source.lines.map((line, i) => [line, narration[i]])),
    cases: caseCounts(source.lines),
    speakers: speakerWords(source.lines),
  };
  const kept = [...groups.values()].filter(
    (g) => g.mentions.length > 0 && (g.known !== undefined || hasEvidence(g.key, g.mentions, facts)),
  );
  for (const group of kept) group.mentions.sort(byPlace);
  return kept.sort((a, b) => byPlace(a.mentions[0], b.mentions[0])).map((g) => toEntry(g, kept, folded));
}

/** Where a chain of merges ends (A into B, B into C: C); a loop ends where it closes. */
function finalKey(merges: ReadonlyMap<string, string>, key: string): string {
  const seen = new Set<string>();
  while (merges.has(key) && !seen.has(key)) {
    seen.add(key);
    key = merges.get(key)!;
  }
  return key;
}

function newGroup(key: string, fields: { known?: string; character: boolean }): Group {
  return { key, sound: phoneticKey(key), mentions: [], ...fields };
}

/** Transcript order: session, line, then place in the line. */
const byPlace = (a: Found, b: Found) =>
  a.line.sessionOrder - b.line.sessionOrder || a.line.position - b.line.position || a.start - b.start;

function toEntry(group: Group, all: Group[], folded: ReadonlySet<Found>): IndexEntry {
  const mentions = group.mentions;
  const name = group.known ?? mostFrequent(mentions.map((m) => bareName(m)));
  const votes = [
    ...nameVotes(
      name,
      mentions.some((m) => m.title),
    ),
    ...mentions
      .filter((m) => !folded.has(m))
      .slice(0, MENTIONS_READ)
      .flatMap((m) => contextVotes(m.line.text.slice(0, m.start), m.line.text.slice(m.end))),
  ];
  return {
    key: group.key,
    name,
    kind: group.character ? 'character' : decideKind(votes),
    variants: [...new Set(mentions.map((m) => m.text))].filter((t) => t !== name),
    mentions: mentions.map((m) => ({
      sessionId: m.line.sessionId,
      lineId: m.line.lineId,
      start: m.start,
      end: m.end,
      text: m.text,
    })),
    firstSessionId: mentions[0].line.sessionId,
    lastSessionId: mentions[mentions.length - 1].line.sessionId,
    ...describe(group, all),
  };
}

const bareName = (m: NameMention) => m.text.replace(/^the\s+/i, '').replace(m.title ? /^\S+\s+/ : /^/, '');

function mostFrequent(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * Up to two sentences that mention the entry, chosen for saying what it is: "a scarred woman named
 * Vessaline", "Kragmaw, the orc warlord", then for naming other entries, then the earliest; and the
 * best few, most telling first, as a writer's evidence.
 */
function describe(group: Group, all: Group[]): { description: string; evidence: string[] } {
  const others = all.filter((g) => g !== group);
  const candidates = group.mentions.slice(0, MENTIONS_READ).map((m, order) => {
    const sentence = sentenceAround(m.line.text, m.start, m.end);
    const before = m.line.text.slice(0, m.start).toLowerCase();
    const after = m.line.text.slice(m.end);
    let score = 0;
    if (
      /\b(?:named|called)\s*$/.test(before) ||
      /^,\s+(?:the|a|an)\s/.test(after) ||
      /^\s+(?:is|was)\s+(?:a|an|the)\s/.test(after)
    )
      score += 2;
    const lower = sentence.text.toLowerCase();
    score += Math.min(2, others.filter((o) => lower.includes(o.key)).length);
    const wordCount = sentence.text.split(/\s+/).length;
    if (wordCount >= 6 && wordCount <= 40) score += 1;
    return { ...sentence, lineId: m.line.lineId, order, score };
  });
  const unique = [...new Map(candidates.map((c) => [`${c.lineId}:${c.from}`, c])).values()];
  const ranked = unique.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = ranked.slice(0, 2).sort((a, b) => a.order - b.order);
  return {
    description: shorten(best.map((c) => c.text).join(' '), DESCRIPTION_MAX),
    evidence: [...new Set(ranked.map((c) => c.text))].slice(0, EVIDENCE_MAX),
  };
}

/** The sentence of `text` that holds [start, end). */
function sentenceAround(text: string, start: number, end: number): { text: string; from: number } {
  const ends = /[.?!](?=\s|$)/g;
  let from = 0;
  for (const m of text.matchAll(ends)) {
    const stop = (m.index ?? 0) + 1;
    if (stop >= end) return { text: text.slice(from, stop).trim(), from };
    if (stop <= start) from = stop;
  }
  return { text: text.slice(from).trim(), from };
}
