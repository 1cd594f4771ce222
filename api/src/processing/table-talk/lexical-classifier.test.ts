import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR } from './labelled-lines';
import { LexicalTableTalkClassifier } from './lexical-classifier';
import { NaiveBayes } from './naive-bayes';

const train = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'train.tsv'));
const heldOut = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'heldout.tsv'));

test('the labelled data is large, balanced and the held-out set shares no line with training', () => {
  expect(train.length).toBeGreaterThanOrEqual(400);
  expect(heldOut.length).toBeGreaterThanOrEqual(100);
  const share = train.filter((l) => l.tableTalk).length / train.length;
  expect(share).toBeGreaterThan(0.4);
  expect(share).toBeLessThan(0.6);
  const seen = new Set(train.map((l) => l.text.toLowerCase()));
  expect(heldOut.filter((l) => seen.has(l.text.toLowerCase()))).toEqual([]);
});

test('precision and recall for table talk on the held-out set', async () => {
  const labels = await new LexicalTableTalkClassifier().classify(heldOut.map((l) => l.text));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const mistakes: string[] = [];
  labels.forEach((label, i) => {
    const truth = heldOut[i].tableTalk;
    if (label.tableTalk && truth) tp++;
    else if (label.tableTalk) fp++;
    else if (truth) fn++;
    if (label.tableTalk !== truth)
      mistakes.push(`${truth ? 'missed' : 'false alarm'} (${label.score.toFixed(2)}): ${heldOut[i].text}`);
  });
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  const f1 = (2 * precision * recall) / (precision + recall);
  console.log(
    `table talk, held-out (${heldOut.length} lines): precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}, ` +
      `F1 ${f1.toFixed(3)}\n${mistakes.map((m) => `  ${m}`).join('\n')}`,
  );
  expect(precision).toBeGreaterThanOrEqual(0.75);
  expect(recall).toBeGreaterThanOrEqual(0.75);
});

test('5-fold cross-validation on the training lines gives a second estimate', () => {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let fold = 0; fold < 5; fold++) {
    const model = new NaiveBayes(train.filter((_, i) => i % 5 !== fold));
    for (const line of train.filter((_, i) => i % 5 === fold)) {
      const predicted = model.probability(line.text) >= 0.5;
      if (predicted && line.tableTalk) tp++;
      else if (predicted) fp++;
      else if (line.tableTalk) fn++;
    }
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  console.log(
    `table talk, 5-fold cross-validation (${train.length} lines): precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
  );
  expect(precision).toBeGreaterThanOrEqual(0.75);
  expect(recall).toBeGreaterThanOrEqual(0.75);
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
  for (const label of labels) {
    expect(label.score).toBeGreaterThanOrEqual(0);
    expect(label.score).toBeLessThanOrEqual(1);
  }
  expect(await classifier.classify(lines)).toEqual(labels);
  expect(await classifier.classify([])).toEqual([]);
});
