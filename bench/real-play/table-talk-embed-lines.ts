/*
 * Lines for the sentence-embedding table-talk experiment (table-talk-embed.py, docs/real-play.md):
 * every line of the train episodes that the classifier's CRD3 counts were not fitted on, with its side
 * (in or out of the game, by the synopsis) and today's classifier's score, then the labelled lines the
 * classifier trains on and the dev campaign's Whisper lines (the home side of the trade), as JSON lines
 * in the ignored .data/table-talk-emb/lines.jsonl. Half the held-out episodes are for fitting
 * ("calibration"), the other half and C1E001–3 for reporting, as in the earlier experiments.
 * `node -r ./api/test/swc-register.cjs bench/real-play/table-talk-embed-lines.ts [crd3 git dir]`
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_TRAINING_FILES,
  LexicalTableTalkClassifier,
} from '../../api/src/engines/table-talk/lexical-classifier';
import { readLabelledLines } from '../../api/src/engines/table-talk/labelled-lines';
import { DEFAULT_CRD3 } from './derive';
import { episodeLines, episodeSplit, homeNights, isAligned, turnSides } from './table-talk';

const OUT = path.resolve(__dirname, '../../.data/table-talk-emb/lines.jsonl');

async function main(): Promise<void> {
  const gitDir = process.argv[2] ?? DEFAULT_CRD3;
  const split = episodeSplit(gitDir);
  const heldOut = split.heldOut.filter((id) => isAligned(gitDir, id));
  const sets: Array<[string, string[]]> = [
    ['calibration', heldOut.filter((_, i) => i % 2 === 0)],
    ['report', heldOut.filter((_, i) => i % 2 === 1)],
    ['dev', split.dev],
  ];
  const classifier = new LexicalTableTalkClassifier();
  const rows: object[] = [];
  for (const [set, ids] of sets) {
    for (const id of ids) {
      const lines = episodeLines(gitDir, id);
      const sides = turnSides(gitDir, id);
      const labels = await classifier.classify(lines.map((l) => l.text));
      lines.forEach((l, i) =>
        rows.push({ set, ep: id, i, text: l.text, side: sides.get(l.turn) ?? null, ...labels[i] }),
      );
    }
  }
  for (const line of DEFAULT_TRAINING_FILES.flatMap(readLabelledLines)) {
    rows.push({ set: 'labelled', ep: 'labelled', i: 0, text: line.text, side: line.tableTalk ? 'out' : 'in' });
  }
  for (const { night, lines, truth } of homeNights()) {
    const labels = await classifier.classify(lines.map((l) => l.text));
    lines.forEach((l, i) =>
      rows.push({ set: 'home', ep: night, i, text: l.text, side: truth[i] === 'table' ? 'out' : 'in', ...labels[i] }),
    );
  }
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  console.log(`${rows.length} lines -> ${OUT}`);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
