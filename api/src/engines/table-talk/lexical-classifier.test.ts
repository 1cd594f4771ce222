import path from 'node:path';
import { correctToVocabulary, parseVocabulary } from '../text/vocabulary';
import { devCampaign, lineLabels, SESSIONS, WAYS, whisperTranscript } from '../transcript/fixtures/dev-campaign';
import { splitIntoLines } from '../transcript/lines';
import { readLabelledLines, TABLE_TALK_DATA_DIR } from './labelled-lines';
import { DEFAULT_THRESHOLD, DEFAULT_TRAINING_FILES, LexicalTableTalkClassifier } from './lexical-classifier';
import { features, NAME, NaiveBayes } from './naive-bayes';

const train = DEFAULT_TRAINING_FILES.flatMap(readLabelledLines);
const heldOut = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'heldout.tsv'));
/** A second held-out set, written before train-more.tsv and never tuned on: narration, names, rules talk. */
const heldOut2 = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'heldout-2.tsv'));
/**
 * A third, written on 2026-11-28 after the classifier's last change and never tuned on: a new
 * table's everyday asides (commutes, work, family, the house, rules) and game lines, 18 of them
 * 15 words or longer, which real play's counts judge.
 */
const heldOut3 = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'heldout-3.tsv'));

interface Counts {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

function count(predicted: boolean[], truth: boolean[]): Counts {
  const c = { tp: 0, fp: 0, fn: 0, tn: 0 };
  predicted.forEach((p, i) => {
    if (p && truth[i]) c.tp++;
    else if (p) c.fp++;
    else if (truth[i]) c.fn++;
    else c.tn++;
  });
  return c;
}

const precision = (c: Counts) => c.tp / (c.tp + c.fp);
const recall = (c: Counts) => c.tp / (c.tp + c.fn);
/** Of the lines left in play, the share that really are in play: what summaries and answers read. */
const inGamePrecision = (c: Counts) => c.tn / (c.tn + c.fn);

test('the labelled data is large, balanced and the held-out sets share no line with training', () => {
  expect(train.length).toBeGreaterThanOrEqual(1000);
  expect(heldOut.length).toBeGreaterThanOrEqual(100);
  expect(heldOut2.length).toBeGreaterThanOrEqual(100);
  expect(heldOut3.length).toBeGreaterThanOrEqual(100);
  const share = train.filter((l) => l.tableTalk).length / train.length;
  expect(share).toBeGreaterThan(0.4);
  expect(share).toBeLessThan(0.6);
  const seen = new Set(train.map((l) => l.text.toLowerCase()));
  expect([...heldOut, ...heldOut2, ...heldOut3].filter((l) => seen.has(l.text.toLowerCase()))).toEqual([]);
});

/** One line at a time: the files are sorted by label, so neighbours would give the answer away. */
async function heldOutCounts(name: string, lines: typeof heldOut): Promise<Counts> {
  const classifier = new LexicalTableTalkClassifier();
  const labels = await Promise.all(lines.map(async (l) => (await classifier.classify([l.text]))[0]));
  const c = count(
    labels.map((l) => l.tableTalk),
    lines.map((l) => l.tableTalk),
  );
  const mistakes = labels
    .map((label, i) => ({ label, line: lines[i] }))
    .filter(({ label, line }) => label.tableTalk !== line.tableTalk)
    .map(
      ({ label, line }) => `  ${line.tableTalk ? 'missed' : 'false alarm'} (${label.score.toFixed(2)}): ${line.text}`,
    );
  const f1 = (2 * precision(c) * recall(c)) / (precision(c) + recall(c));
  console.log(
    `table talk, ${name} (${lines.length} lines): precision ${precision(c).toFixed(3)}, recall ${recall(c).toFixed(3)}, ` +
      `F1 ${f1.toFixed(3)}\n${mistakes.join('\n')}`,
  );
  return c;
}

test('precision and recall for table talk on the held-out set', async () => {
  const c = await heldOutCounts('heldout.tsv', heldOut);
  expect(precision(c)).toBeGreaterThanOrEqual(0.9);
  expect(recall(c)).toBeGreaterThanOrEqual(0.9);
});

test('precision and recall for table talk on the second held-out set', async () => {
  const c = await heldOutCounts('heldout-2.tsv', heldOut2);
  expect(precision(c)).toBeGreaterThanOrEqual(0.9);
  expect(recall(c)).toBeGreaterThanOrEqual(0.9);
});

test('precision and recall for table talk on the third held-out set, long lines included', async () => {
  const c = await heldOutCounts('heldout-3.tsv', heldOut3);
  expect(precision(c)).toBeGreaterThanOrEqual(0.9);
  expect(recall(c)).toBeGreaterThanOrEqual(0.9);
});

test('a name never seen in training counts as a name; a capitalised everyday word does not', () => {
  expect(features('Orlaith snatches the key and runs.')).toContain(NAME);
  expect(features('You hand the relic to Sister Maelis.')).toContain(NAME);
  expect(features("Grey smoke rises. Are we still on for Saturday? I'm in.")).not.toContain(NAME);
});

test('5-fold cross-validation on the training lines gives a second estimate', () => {
  const predicted: boolean[] = [];
  const truth: boolean[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const model = new NaiveBayes(train.filter((_, i) => i % 5 !== fold));
    for (const line of train.filter((_, i) => i % 5 === fold)) {
      predicted.push(model.probability(line.text) >= DEFAULT_THRESHOLD);
      truth.push(line.tableTalk);
    }
  }
  const c = count(predicted, truth);
  console.log(
    `table talk, 5-fold cross-validation (${train.length} lines): precision ${precision(c).toFixed(3)}, recall ${recall(c).toFixed(3)}`,
  );
  expect(precision(c)).toBeGreaterThanOrEqual(0.75);
  expect(recall(c)).toBeGreaterThanOrEqual(0.75);
});

test('labels the lines of a game night and scores them 0..1, deterministically', async () => {
  const classifier = new LexicalTableTalkClassifier();
  const lines = [
    'The dragon breathes fire across the bridge.',
    'Who wants pizza? I am ordering two large pizzas now.',
    'Wait, can you look up the rule for opportunity attacks in the book?',
    'I cast a shield spell and the flames wash over the knight.',
  ];
  const labels = await classifier.classify(lines);
  expect(labels.map((l) => l.tableTalk)).toEqual([false, true, true, false]);
  // As Whisper heard it in the pipeline's test night: "knight" as "night", which reads as the table.
  const heard = [...lines.slice(0, 3), 'I cast a shield spell, and the flames wash over the night.'];
  expect((await classifier.classify(heard)).map((l) => l.tableTalk)).toEqual([false, true, true, false]);
  for (const label of labels) {
    expect(label.score).toBeGreaterThanOrEqual(0);
    expect(label.score).toBeLessThanOrEqual(1);
  }
  expect(await classifier.classify(lines)).toEqual(labels);
  expect(await classifier.classify([])).toEqual([]);
});

test('context: a short line between table talk is table talk, the same line in play stays in play', async () => {
  const classifier = new LexicalTableTalkClassifier();
  const [, inBreak] = await classifier.classify([
    'Okay, quick five minute break, everyone.',
    'Right.',
    'Does anyone want anything from the kitchen?',
  ]);
  const [, inPlay] = await classifier.classify([
    'The troll swings its club at the paladin.',
    'Right.',
    'I raise my shield and charge.',
  ]);
  expect(inBreak.tableTalk).toBe(true);
  expect(inPlay.tableTalk).toBe(false);
});

test('a short line that reads as play is table talk between two asides, and in play between play', async () => {
  const classifier = new LexicalTableTalkClassifier();
  // "road" and "bridge" are words of the story to a model of words (score 0.00); here, the commute.
  const excuse = 'The old bridge road was blocked.';
  const [, between] = await classifier.classify([
    'Sorry, sorry, I know I am late.',
    excuse,
    'All good, pull up a chair, we have not started yet.',
  ]);
  expect(between.tableTalk).toBe(true);
  const [, inPlay] = await classifier.classify([
    'You ride north out of the valley until dusk.',
    excuse,
    'We make camp under the old watchtower.',
  ]);
  expect(inPlay.tableTalk).toBe(false);
});

test("the GM's lines lean in-game: garbled narration stays in play, the GM's plain table talk does not", async () => {
  const classifier = new LexicalTableTalkClassifier();
  const label = async (line: string, speaker?: 'gm' | 'player') =>
    (await classifier.classify([line], speaker ? { speakers: [speaker] } : {}))[0];
  // Short GM lines as Whisper garbles them ("Kragmaw grins." heard as "Grandma grins."), said alone.
  // Whoever says them they now lean play (they were table talk from anyone but the GM, issue 48's
  // very error); the GM's lean still counts.
  for (const narration of ['Grandma grins.', 'Fine, you get through.']) {
    const unknown = await label(narration);
    expect(await label(narration, 'player')).toEqual(unknown);
    const byGm = await label(narration, 'gm');
    expect(byGm.tableTalk).toBe(false);
    expect(byGm.score).toBeLessThan(unknown.score);
  }
  // Table talk is table talk whoever says it.
  for (const aside of [
    'Quick five minute break, everyone.',
    'Sorry, my phone keeps buzzing, the pizza guy was at the door.',
  ]) {
    expect((await label(aside, 'gm')).tableTalk).toBe(true);
  }
});

test("an aside joined to the GM's next line by a comma marks the line table talk", async () => {
  const [label] = await new LexicalTableTalkClassifier().classify([
    "Sorry, I'll order the pizza now, and you reach the gate of the keep, the drawbridge is down.",
  ]);
  expect(label.tableTalk).toBe(true);
});

test('a short line that reads as play as a whole is not taken out by its most table-talk clause', async () => {
  // The dev campaign's Whisper lines (brindlemoor, plain): the GM's ruling between two asides.
  const ruling = 'Only on a success, so you take the full 22 acid damage.';
  const [, label] = await new LexicalTableTalkClassifier().classify([
    "I wrote that I'm just for instill take half.",
    ruling,
    'Ouch, honestly, this nice app hates me, I should just use my real nice.',
  ]);
  // By its clause "Only on a success" (and the asides around it) it was table talk: 0.96.
  expect(label.tableTalk).toBe(false);
});

/**
 * Whisper tiny.en lines of the dev campaign, split, corrected to the vocabulary and classified as the
 * pipeline does. The truth is the script's; a line that carries two words of table talk is table talk.
 * These lines guided the threshold and context weight, so they are a dev set, not a held-out one.
 */
test('on Whisper lines of the dev campaign, few table-talk lines are left in play', async () => {
  const vocabulary = parseVocabulary(devCampaign.vocabulary);
  const classifier = new LexicalTableTalkClassifier();
  const baseline = new NaiveBayes(readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'train.tsv')));
  const now: Counts[] = [];
  const before: Counts[] = [];
  for (const way of WAYS) {
    for (const session of SESSIONS) {
      const lines = correctToVocabulary(splitIntoLines(whisperTranscript(session, way)), vocabulary);
      const truth = lineLabels(session, lines).map((l) => l === 'table');
      const labels = await classifier.classify(lines.map((l) => l.text));
      now.push(
        count(
          labels.map((l) => l.tableTalk),
          truth,
        ),
      );
      before.push(
        count(
          lines.map((l) => baseline.probability(l.text) >= 0.5),
          truth,
        ),
      );
    }
  }
  const sum = (all: Counts[]) =>
    all.reduce((a, c) => ({ tp: a.tp + c.tp, fp: a.fp + c.fp, fn: a.fn + c.fn, tn: a.tn + c.tn }));
  const report = (c: Counts) =>
    `precision ${precision(c).toFixed(3)}, recall ${recall(c).toFixed(3)}, in-game precision ` +
    `${inGamePrecision(c).toFixed(3)} (${c.fn} table-talk lines left in play, ${c.fp} game lines marked)`;
  const [after, old] = [sum(now), sum(before)];
  console.log(
    `table talk, Whisper lines of the dev campaign (${after.tp + after.fp + after.fn + after.tn} lines, 4 ways of prompting):\n` +
      `  before issue 8 (train.tsv, threshold 0.5, no context): ${report(old)}\n  now: ${report(after)}`,
  );
  expect(inGamePrecision(after)).toBeGreaterThan(inGamePrecision(old));
  expect(inGamePrecision(after)).toBeGreaterThanOrEqual(0.9);
  expect(precision(after)).toBeGreaterThanOrEqual(0.8);
});
