/*
 * Table talk on real play: the first 300 turns of Critical Role C1E013 (announcements, the game
 * master's "previously on", the first scenes), an episode the CRD3 counts were not fitted on. From CRD3
 * (Rameshkumar & Bailey, ACL 2020, https://github.com/RevanthRameshkumar/CRD3), CC BY-SA 4.0:
 * transcript by the CRTranscript team, labels from the Critical Role Wiki's synopsis (its out-of-game
 * parts are table talk); bench/real-play/table-talk-model.ts writes it.
 */
import path from 'node:path';
import { readLabelledLines, TABLE_TALK_DATA_DIR } from './labelled-lines';
import { CRD3_EXCERPT_FILE, DEFAULT_TRAINING_FILES, LexicalTableTalkClassifier } from './lexical-classifier';
import { NaiveBayes } from './naive-bayes';

const excerpt = readLabelledLines(path.join(TABLE_TALK_DATA_DIR, CRD3_EXCERPT_FILE));
const wordCount = (text: string) => text.split(/\s+/).length;

test('on real play, the story stays in play and the announcements are table talk', async () => {
  const labels = await new LexicalTableTalkClassifier().classify(excerpt.map((l) => l.text));
  const share = (tableTalk: boolean) => {
    const lines = excerpt
      .map((l, i) => ({ ...l, marked: labels[i].tableTalk }))
      .filter((l) => l.tableTalk === tableTalk);
    const words = lines.reduce((n, l) => n + wordCount(l.text), 0);
    return lines.filter((l) => l.marked).reduce((n, l) => n + wordCount(l.text), 0) / words;
  };
  const inGameMarked = share(false);
  const outOfGameCaught = share(true);
  console.log(
    `CRD3 C1E013 excerpt: in-game words marked ${inGameMarked.toFixed(2)}, out-of-game caught ${outOfGameCaught.toFixed(2)}`,
  );
  // Before real play's counts: 0.80 of the in-game words marked (0.98 caught).
  expect(inGameMarked).toBeLessThanOrEqual(0.3);
  expect(outOfGameCaught).toBeGreaterThanOrEqual(0.85);
});

test('a model written as counts and read back scores lines as the model did', () => {
  const lines = DEFAULT_TRAINING_FILES.flatMap(readLabelledLines);
  const model = new NaiveBayes(lines);
  const copy = new NaiveBayes([], undefined, JSON.parse(JSON.stringify(model.toCounts())));
  for (const { text } of excerpt.slice(0, 50)) expect(copy.logOdds(text)).toBeCloseTo(model.logOdds(text), 9);
  // Pruned: fewer features, the rest as they were.
  const pruned = model.toCounts(3);
  expect(Object.keys(pruned.features).length).toBeLessThan(Object.keys(model.toCounts().features).length);
  expect(pruned.table).toEqual(model.toCounts().table);
});
