import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR, type LabelledLine } from './labelled-lines';
import { LexicalTableTalkClassifier } from './lexical-classifier';
import { NaiveBayes } from './naive-bayes';

/** A cyberpunk crew: their in-game texts, calls and pizza couriers read like table talk to the shared model. */
const CORRECTED: LabelledLine[] = [
  { tableTalk: false, text: 'Zara texts the syndicate that the job is done.' },
  { tableTalk: false, text: 'Her phone buzzes, a new message from the fixer.' },
  { tableTalk: false, text: 'The courier brings the pizza to the safehouse.' },
];
/** The next session's lines of the same kind. */
const SIMILAR = [
  'Zara texts the fixer that the courier is late.',
  'Her phone buzzes again, another message from the syndicate.',
  'The courier drops the pizza at the safehouse door.',
];
/** Real table talk at the same table, about phones and pizza too. */
const CHATTER = [
  'Who wants pizza? I am ordering two large pizzas now.',
  'Sorry, my phone is ringing, it is my mom, one second.',
];

/** One line at a time, so neighbours do not decide. */
async function labels(classifier: LexicalTableTalkClassifier, lines: string[], corrections?: LabelledLine[]) {
  return Promise.all(lines.map(async (line) => (await classifier.classify([line], { corrections }))[0].tableTalk));
}

test("a campaign's corrections turn its next similar lines, and only for that campaign", async () => {
  const classifier = new LexicalTableTalkClassifier();
  expect(await labels(classifier, SIMILAR)).toEqual([true, true, true]);
  expect(await labels(classifier, SIMILAR, CORRECTED)).toEqual([false, false, false]);
  expect(await labels(classifier, CHATTER, CORRECTED)).toEqual([true, true]);
  // Another campaign (no corrections, or its own) is classified by the shared model as before.
  expect(await labels(classifier, SIMILAR)).toEqual([true, true, true]);
  const other = [{ tableTalk: true, text: 'Grab me a soda from the fridge, please.' }];
  expect(await labels(classifier, SIMILAR, other)).toEqual([true, true, true]);
});

test('the latest label counts: a line corrected back to table talk teaches table talk', async () => {
  const classifier = new LexicalTableTalkClassifier();
  const back = CORRECTED.map((c) => ({ ...c, tableTalk: true }));
  expect(await labels(classifier, SIMILAR, CORRECTED)).toEqual([false, false, false]);
  expect(await labels(classifier, SIMILAR, back)).toEqual([true, true, true]);
});

test('corrections leave the shared model unchanged and keep the held-out sets right', async () => {
  const classifier = new LexicalTableTalkClassifier();
  const heldOut = ['heldout.tsv', 'heldout-2.tsv'].flatMap((f) => readLabelledLines(path.join(TABLE_TALK_DATA_DIR, f)));
  const wrong = async (corrections?: LabelledLine[]) =>
    (
      await labels(
        classifier,
        heldOut.map((l) => l.text),
        corrections,
      )
    ).filter((t, i) => t !== heldOut[i].tableTalk).length;
  expect(await wrong(CORRECTED)).toBeLessThanOrEqual(await wrong());
  expect(await wrong(CORRECTED)).toBeLessThanOrEqual(heldOut.length * 0.05);

  const base = new NaiveBayes(readLabelledLines(path.join(TABLE_TALK_DATA_DIR, 'train.tsv')));
  const before = SIMILAR.map((l) => base.logOdds(l));
  const adapted = base.withExamples(CORRECTED, 4);
  expect(SIMILAR.map((l) => adapted.logOdds(l))).not.toEqual(before);
  expect(SIMILAR.map((l) => base.logOdds(l))).toEqual(before);
});
