import type { IndexEntry } from '../campaign-index/build-index';
import { findThreads } from '../campaign-index/open-threads';
import { conceptsOf, weigh, type Concepts } from './coverage';
import { key, sessionNames, tokens } from './event-score';
import type { Recap, RecapScene, RecapSentence } from './recap';
import { recapNames, type RecapNames } from './recap-names';
import { salience, type SalienceInput } from './salience';
import { sceneStarts } from './scenes';
import { sentencesOf, storySentences, type StorySentence } from './story-sentences';
import type { SummaryContext, SummaryInput } from './summarizer';
import { tfIdfVectors } from './tf-idf';
import { thirdPerson } from './third-person';
import { narratorOf } from './voices';

/** A four-hour night reads as at most this many scenes; a short one as one. */
const MAX_SCENES = 14;
/**
 * What one scene's "what happened" may take: one to three sentences on a night of many scenes; a
 * short night of few scenes tells each more fully, so its detailed recap still holds its events.
 */
const HAPPENED = { many: { sentences: 3, words: 50, fill: false }, few: { sentences: 8, words: 160, fill: true } };
const FEW_SCENES = 6;
const MAIN_SCENES = 6;
/** Names a recap sentence may carry per word (one per five): keeps the recap under 6 names per 100 words now picks favour narration dense in names. */
const NAMES_PER_WORD = 0.2;
const GROUP_VOICE = /\band\b|,|^(?:all|everyone|everybody)$/i;
/** How a sentence's telling is weighed (`telling`): fragments count less, the GM's narration and deeds more. */
const SHORT_WORDS = 8;
const SHORT_FACTOR = 0.3;
const NARRATION_FACTOR = 1.5;
const STORY_FACTOR = 2;
/**
 * The learned salience (salience.ts) multiplies the hand factors, squared: that told the recap best
 * without losing the aligned chunks a higher power drops. Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
const SALIENCE_POWER = 2;
/** The lines either side of a candidate's whose narration the salience reads. */
const AROUND = 3;
/** At most this many retold sentences and a night is told as said: two sentences are no recap. */
const FEW_RETOLD = 2;
/** A line's length when the lines give no end: the next line's start, or this much. */
const LAST_LINE_MS = 5000;

// A deed that leaves something behind: a thing found or taken, a choice made.
const FOUND =
  /\b(?:finds?|found|discover(?:s|ed)?|loot(?:s|ed)?|picks? up|picked up|takes?|took|grabs?|grabbed|receives?|received|buys?|bought|decides?|decided|agrees?|agreed|chooses?|chose|accepts?|accepted|refuses?|refused|swears?|swore|promises?|promised)\b/i;

/** What the recap is picked from: the night's lines, its scenes and the sentences each scene may tell. */
function prepare(segments: SummaryInput[], context?: SummaryContext) {
  const lines = segments.filter((s) => s.text.trim());
  const ids = lines.map((l, i) => l.id ?? `line-${i}`);
  const narrator = narratorOf(lines);
  const said = lines.flatMap((l) => sentencesOf(l.text));
  const names = sessionNames(said);
  const known = recapNames(lines, ids, narrator, context ?? { cast: [], vocabulary: [] });
  const narration = lines.filter((l) => !l.speaker || l.speaker === narrator);
  const narrated = new Set(narration.flatMap((l) => tokens(l.text).map(key)));
  const weights = weigh(said, names, narrated.size ? narrated : undefined);
  const retold = storySentences(lines, names, narrator).filter(
    (c) => known.allows(c.text) && known.count(c.text, lines[c.line].speaker) <= Math.max(1, c.length * NAMES_PER_WORD),
  );
  // The retelling rules read English; other languages, and a night of which they can retell no more
  // than a few sentences (first-person speech with no voice told apart), are told as said.
  const english = (context?.language ?? 'en') === 'en';
  const candidates = english && retold.length > FEW_RETOLD ? retold : asSaid(lines, names);
  const starts = lines.length
    ? sceneStarts(tfIdfVectors(lines.map((l) => l.text)), { maxScenes: MAX_SCENES, minWindow: 3 })
    : [];
  const isNarration = (c: StorySentence) => !lines[c.line].speaker || lines[c.line].speaker === narrator;
  const wordsOf = lines.map((l) => l.text.split(/\s+/).length);
  const narrationAround = (line: number) => {
    const near = lines.slice(Math.max(0, line - AROUND), line + AROUND + 1);
    const all = near.reduce((n, l, k) => n + wordsOf[Math.max(0, line - AROUND) + k], 0);
    const gm = near.reduce(
      (n, l, k) => n + (!l.speaker || l.speaker === narrator ? wordsOf[Math.max(0, line - AROUND) + k] : 0),
      0,
    );
    return all ? gm / all : 0;
  };
  const scenes = starts.map((start, s) => {
    const end = starts[s + 1] ?? lines.length;
    const inScene = candidates.filter((c) => c.line >= start && c.line < end);
    const counts = new Map<string, number>();
    for (const c of inScene) for (const k of c.concepts) counts.set(k, (counts.get(k) ?? 0) + 1);
    const central = inScene.map((c) => telling(c, weights, new Set(), counts, 1));
    const best = Math.max(1e-9, ...central);
    const inputs = inScene.map((c, i): SalienceInput => ({
      text: c.text,
      lineText: lines[c.line].text,
      length: c.length,
      narration: isNarration(c),
      story: c.story,
      quotes: c.quotes,
      names: known.count(c.text),
      position: end - start > 1 ? (c.line - start) / (end - start - 1) : 0,
      fromStart: c.line - start,
      centrality: central[i] / best,
      narrationAround: narrationAround(c.line),
    }));
    const hand = (c: StorySentence) =>
      (c.length < SHORT_WORDS ? SHORT_FACTOR : 1) *
      (isNarration(c) ? NARRATION_FACTOR : 1) *
      (c.story ? STORY_FACTOR : 1);
    const likely = new Map(inScene.map((c, i) => [c, hand(c) * salience(inputs[i]) ** SALIENCE_POWER]));
    return { start, end, inScene, counts, inputs, likely };
  });
  return { lines, ids, narrator, known, weights, scenes, english, isNarration };
}

/** Every candidate sentence with what the salience model reads of it: what recap-salience.ts fits. */
export function salienceCandidates(segments: SummaryInput[], context?: SummaryContext) {
  const { scenes } = prepare(segments, context);
  return scenes.flatMap((s) => s.inScene.map((c, i) => ({ line: c.line, input: s.inputs[i] })));
}

/** Builds a night's recap offline: scenes, and what each holds, every sentence with its source line. */
export function buildRecap(segments: SummaryInput[], context?: SummaryContext): Recap {
  const { lines, ids, narrator, known, weights, scenes: prepared, english } = prepare(segments, context);
  if (!lines.length) return { scenes: [], threads: [] };
  const starts = prepared.map((p) => p.start);
  const sentence = (c: StorySentence): RecapSentence => ({
    text: c.text,
    lineIds: [ids[c.line]],
    startMs: lines[c.line].startMs,
  });
  const covered = new Set<string>();
  const firstMet = new Set<string>();
  const scenes = prepared.map(({ start, end, inScene, counts, likely }, s): RecapScene & { weight: number } => {
    const share = starts.length < FEW_SCENES ? HAPPENED.few : HAPPENED.many;
    const happened = pickHappened(inScene, weights, covered, share, counts, likely);
    const found = inScene
      .filter((c) => !happened.includes(c) && FOUND.test(c.text) && !c.quotes && c.story)
      .slice(0, 1);
    const data = sceneData(lines, ids, start, end, known, narrator, firstMet, s);
    const told = happened.map(sentence);
    if (!told.length && data.met.length && english) told.push(metTemplate(data.met, lines, ids, start, end));
    const last = lines[end - 1];
    return {
      ...data,
      startMs: lines[start].startMs,
      endMs: last.endMs ?? lines[end]?.startMs ?? last.startMs + LAST_LINE_MS,
      happened: told,
      found: found.map(sentence),
      main: false,
      weight: happened.reduce((sum, c) => sum + c.concepts.reduce((w, k) => w + (weights.get(k) ?? 0), 0), 0),
    };
  });
  // The brief recap follows at most six scenes: those that tell the most.
  const main = new Set(
    scenes
      .map((scene, i) => ({ i, weight: scene.happened.length ? scene.weight : 0 }))
      .filter((s) => s.weight > 0)
      .sort((a, b) => b.weight - a.weight)
      .slice(0, MAIN_SCENES)
      .map((s) => s.i),
  );
  return {
    scenes: scenes.map(({ weight: _weight, ...scene }, i) => ({ ...scene, main: main.has(i) })),
    threads: openThreads(lines, ids, narrator, known),
  };
}

/**
 * How much a sentence tells that the recap has not told yet: the weight of its concepts not yet
 * covered (coverage.ts), per square root of its length — so a sentence of twenty words that names
 * a place and a deed beats a quip of four that names a person — and more when the GM narrates it
 * (the world and what happens in it) or someone is seen doing something (story.ts).
 */
function telling(
  c: StorySentence,
  weights: Concepts,
  covered: Set<string>,
  inScene: Map<string, number>,
  likely: number,
): number {
  let gain = 0;
  // What the scene keeps saying is what it is about (a centroid, as in Radev et al.'s MEAD).
  for (const k of c.concepts) if (!covered.has(k)) gain += (weights.get(k) ?? 0) * Math.log(1 + (inScene.get(k) ?? 0));
  return (gain / Math.sqrt(c.length)) * likely;
}

/**
 * The sentences that tell the most of the scene not told in an earlier scene, greedily, within the
 * scene's share of words; no quoted speech where the scene has other sentences.
 */
function pickHappened(
  inScene: StorySentence[],
  weights: Concepts,
  covered: Set<string>,
  most: { sentences: number; words: number; fill: boolean },
  counts: Map<string, number>,
  likely: Map<StorySentence, number>,
): StorySentence[] {
  const pool = inScene.some((c) => !c.quotes) ? inScene.filter((c) => !c.quotes) : inScene;
  const picked: StorySentence[] = [];
  let words = 0;
  while (picked.length < most.sentences) {
    let best: StorySentence | undefined;
    let bestScore = 0;
    for (const c of pool) {
      if (picked.includes(c) || words + c.length > most.words) continue;
      const score = telling(c, weights, covered, counts, likely.get(c) ?? 0);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    if (!best) break;
    picked.push(best);
    words += best.length;
    for (const k of best.concepts) covered.add(k);
  }
  // A short night's scene is told whole, as its detailed recap: what retells nothing new still tells the night.
  if (most.fill)
    for (const c of inScene) {
      if (picked.length >= most.sentences || picked.includes(c) || words + c.length > most.words) continue;
      picked.push(c);
      words += c.length;
    }
  return picked.sort((a, b) => a.index - b.index);
}

/**
 * Where no line of a scene tells the story, the people first met in it still do, in a plain
 * sentence whose every name is said in the scene's lines (they are its first mentions).
 */
function metTemplate(met: string[], lines: SummaryInput[], ids: string[], start: number, end: number): RecapSentence {
  const named = ids
    .slice(start, end)
    .filter((_, k) => met.some((name) => lines[start + k].text.includes(name)))
    .slice(0, met.length);
  const first = ids.indexOf(named[0] ?? ids[start]);
  const names = met.length < 2 ? met[0] : `${met.slice(0, -1).join(', ')} and ${met[met.length - 1]}`;
  return { text: `The party meets ${names}.`, lineIds: named, startMs: lines[first].startMs };
}

/** Every sentence of at least four words as said, for lines the retelling rules cannot read. */
function asSaid(lines: SummaryInput[], names: Set<string>): StorySentence[] {
  return lines
    .flatMap((l, line) =>
      sentencesOf(l.text)
        .filter((text) => text.split(/\s+/).length >= 4)
        .map((text) => ({ text, line, concepts: conceptsOf(text, names), length: text.split(/\s+/).length })),
    )
    .map((s, index) => ({ ...s, index, quotes: /["“”]/.test(s.text), story: true }));
}

/** A scene's places, people and the people first met in it, from the index entries its lines mention. */
function sceneData(
  lines: SummaryInput[],
  ids: string[],
  start: number,
  end: number,
  known: RecapNames,
  narrator: string | undefined,
  firstMet: Set<string>,
  index: number,
): Pick<RecapScene, 'title' | 'where' | 'people' | 'met'> {
  const inScene = new Set(ids.slice(start, end));
  const mentioned = known.entries
    .map((e) => ({ entry: e, count: e.mentions.filter((m) => inScene.has(m.lineId)).length }))
    .filter((m) => m.count > 0 && (m.entry.kind === 'character' || known.narrated(m.entry)))
    .sort((a, b) => b.count - a.count);
  const where = mentioned.filter((m) => m.entry.kind === 'place').map((m) => m.entry.name);
  const talk = new Map<string, number>();
  // One voice each: a line several said together ("Laura and Travis", "All") names no one by themselves.
  for (const line of lines.slice(start, end))
    if (line.speaker && line.speaker !== narrator && !GROUP_VOICE.test(line.speaker))
      talk.set(line.speaker, (talk.get(line.speaker) ?? 0) + 1);
  const people = [...talk].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const met: string[] = [];
  for (const { entry } of mentioned) {
    if (entry.kind !== 'npc' || firstMet.has(entry.key)) continue;
    firstMet.add(entry.key);
    if (inScene.has(entry.mentions[0].lineId)) met.push(entry.name);
  }
  // The title is the place most the scene's own (said here, of all the night's mentions of it), so a
  // city every scene names gives way to the house or tavern this one is in; without a place or a
  // person met, the scene is known by its place in the night.
  const own = (m: { entry: IndexEntry; count: number }) => (m.count * m.count) / m.entry.mentions.length;
  const home = mentioned.filter((m) => m.entry.kind === 'place').sort((a, b) => own(b) - own(a))[0];
  const title = home?.entry.name ?? (met[0] ? `Meeting ${met[0]}` : `Scene ${index + 1}`);
  return { title, where: where.slice(0, 3), people, met: met.slice(0, 4) };
}

/** The quests and promises the night opened and did not settle, retold in the third person. */
function openThreads(
  lines: SummaryInput[],
  ids: string[],
  narrator: string | undefined,
  known: RecapNames,
): RecapSentence[] {
  const byId = new Map(ids.map((id, i) => [id, i]));
  const threads = findThreads(
    lines.map((l, i) => ({ sessionId: 's', sessionOrder: 0, position: i, lineId: ids[i], text: l.text })),
  );
  return threads.flatMap((t) => {
    const i = byId.get(t.lineId)!;
    const speaker = lines[i].speaker === narrator ? undefined : lines[i].speaker;
    const text = thirdPerson(t.text, { speaker, addressee: 'the party' });
    if (t.resolvedBy || !text || /\?$/.test(text) || !known.allows(text)) return [];
    return [{ text, lineIds: [t.lineId], startMs: lines[i].startMs }];
  });
}
