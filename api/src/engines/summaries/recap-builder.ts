import { conceptsOf, weigh, type Concepts } from './coverage';
import { key, sessionNames, tokens } from './event-score';
import type { Recap, RecapScene, RecapSentence } from './recap';
import { recapNames } from './recap-names';
import { salience, type SalienceInput } from './salience';
import { previouslyPassage } from './previously';
import { metTemplate, openThreads, sceneData } from './scene-facts';
import { sceneStarts } from './scenes';
import { sentencesOf, storySentences, type StorySentence } from './story-sentences';
import type { SummaryContext, SummaryInput } from './summarizer';
import { tfIdfVectors } from './tf-idf';
import { narratorOf } from './voices';

/** A four-hour night reads as at most this many scenes; a short one as one. */
const MAX_SCENES = 14;
/**
 * What one scene's "what happened" may take: one to three sentences on a night of many scenes; a
 * short night of few scenes tells each more fully, so its detailed recap still holds its events.
 */
const HAPPENED = {
  many: { sentences: 3, words: 50, fill: false },
  few: { sentences: 8, words: 160, fill: true },
  // The last session retold (previously.ts): its story in full sentences, but not the night's length.
  retelling: { sentences: 8, words: 160, fill: true },
};
const FEW_SCENES = 6;
const MAIN_SCENES = 6;
/** Names a recap sentence may carry per word (one per five): keeps the recap under 6 names per 100 words now picks favour narration dense in names. */
const NAMES_PER_WORD = 0.2;
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
/** The title of the scene that retells the last session (previously.ts); the brief, telling this night, leaves it out. */
const PREVIOUSLY = 'Previously';
/** Scene starts closer than this to the retelling's end join it. */
const PASSAGE_MARGIN = 3;
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
  // A night that opens on the retelling begins there: what is said before is the table gathering,
  // so the retelling's scene takes those lines in and tells none of them.
  const previously = english ? previouslyPassage(lines, narrator) : undefined;
  const tiled = lines.length
    ? sceneStarts(tfIdfVectors(lines.map((l) => l.text)), {
        maxScenes: previously ? MAX_SCENES - 2 : MAX_SCENES,
        minWindow: 3,
      })
    : [];
  const starts = previously ? aroundPassage(tiled, previously, lines.length) : tiled;
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
  const told = previously?.start ?? 0;
  const scenes = starts.map((start, s) => {
    const end = starts[s + 1] ?? lines.length;
    const inScene = candidates.filter((c) => c.line >= Math.max(start, told) && c.line < end);
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
  return { lines, ids, narrator, known, weights, scenes, english, isNarration, previously };
}

/** Every candidate sentence with what the salience model reads of it: what recap-salience.ts fits. */
export function salienceCandidates(segments: SummaryInput[], context?: SummaryContext) {
  const { scenes } = prepare(segments, context);
  return scenes.flatMap((s) => s.inScene.map((c, i) => ({ line: c.line, input: s.inputs[i] })));
}

/** Builds a night's recap offline: scenes, and what each holds, every sentence with its source line. */
export function buildRecap(segments: SummaryInput[], context?: SummaryContext): Recap {
  const { lines, ids, narrator, known, weights, scenes: prepared, english, previously } = prepare(segments, context);
  if (!lines.length) return { scenes: [], threads: [] };
  const starts = prepared.map((p) => p.start);
  const sentence = (c: StorySentence): RecapSentence => ({
    text: c.text,
    lineIds: [ids[c.line]],
    startMs: lines[c.line].startMs,
  });
  const covered = new Set<string>();
  const firstMet = new Set<string>();
  const scenes = prepared.map(
    ({ start, end, inScene, counts, likely }, s): RecapScene & { weight: number; retelling: boolean } => {
      const retelling = previously !== undefined && start === 0;
      const share = retelling ? HAPPENED.retelling : starts.length < FEW_SCENES ? HAPPENED.few : HAPPENED.many;
      const happened = pickHappened(inScene, weights, covered, share, counts, likely);
      const found = inScene
        .filter((c) => !happened.includes(c) && FOUND.test(c.text) && !c.quotes && c.story)
        .slice(0, 1);
      // The retelling's people were met in earlier sessions, not tonight.
      const data = retelling
        ? { ...sceneData(lines, ids, start, end, known, narrator, new Set(), s), title: PREVIOUSLY, met: [] }
        : sceneData(lines, ids, start, end, known, narrator, firstMet, s);
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
        retelling,
        weight: happened.reduce((sum, c) => sum + c.concepts.reduce((w, k) => w + (weights.get(k) ?? 0), 0), 0),
      };
    },
  );
  // The brief recap follows at most six scenes: those that tell the most.
  const main = new Set(
    scenes
      .map((scene, i) => ({ i, weight: scene.happened.length && !scene.retelling ? scene.weight : 0 }))
      .filter((s) => s.weight > 0)
      .sort((a, b) => b.weight - a.weight)
      .slice(0, MAIN_SCENES)
      .map((s) => s.i),
  );
  return {
    scenes: scenes.map(({ weight: _weight, retelling: _retelling, ...scene }, i) => ({ ...scene, main: main.has(i) })),
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

/** The scene starts with the night's opening up to the end of the retelling one scene: the starts in it or just after give way. */
function aroundPassage(starts: number[], passage: { end: number }, count: number): number[] {
  const after = starts.filter((s) => s > passage.end + PASSAGE_MARGIN);
  return [0, ...(passage.end < count ? [passage.end] : []), ...after];
}
