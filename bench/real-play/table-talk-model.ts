/*
 * Derives the table-talk classifier's real-play word counts (api/src/engines/table-talk/data/
 * crd3-counts.json) from a CRD3 snapshot: every turn of the fit episodes (table-talk.ts: train split,
 * not the bench's first three, not the held-out quarter) that the c=2 alignment places in an
 * out-of-game synopsis part is a table-talk line, in an in-game part an in-game line, and naive Bayes
 * counts their words and word pairs. Only counts of features seen MIN_COUNT times or more are written:
 * no line of an episode is. The same counts over the turns of fewer than LONG_LINE_WORDS words alone
 * (crd3-short-counts.json) teach the short lines' model how play is talked at a table. Beside it, the test's short excerpt of a held-out episode
 * (crd3-excerpt.tsv: the announcements and the first scenes of EXCERPT).
 * `node -r ./api/test/swc-register.cjs bench/real-play/table-talk-model.ts [crd3 git dir]`
 */
import fs from 'node:fs';
import path from 'node:path';
import { TABLE_TALK_DATA_DIR, type LabelledLine } from '../../api/src/engines/table-talk/labelled-lines';
import {
  CRD3_COUNTS_FILE,
  CRD3_EXCERPT_FILE,
  CRD3_SHORT_COUNTS_FILE,
  LONG_LINE_WORDS,
} from '../../api/src/engines/table-talk/lexical-classifier';
import { NaiveBayes } from '../../api/src/engines/table-talk/naive-bayes';
import { DEFAULT_CRD3 } from './derive';
import { episodeLines, episodeSplit, isAligned, turnSides } from './table-talk';

/** Features seen fewer times say little and would make most of the file. */
const MIN_COUNT = 8;
/**
 * Short lines have few features each, so their rarer ones still matter: at 8, CRD3's in-game words
 * marked rose 0.094 -> 0.098 on the dev episodes (3: 785 kB of counts, 8: 296 kB).
 */
const SHORT_MIN_COUNT = 3;
/** A held-out train episode whose first turns are announcements, then the recap and play. */
const EXCERPT = { id: 'C1E013', turns: 300 };

const CREDIT =
  'Derived from CRD3 (Rameshkumar & Bailey, ACL 2020, https://github.com/RevanthRameshkumar/CRD3), ' +
  "CC BY-SA 4.0: transcripts by the CRTranscript team, synopses by the Critical Role Wiki's contributors; " +
  'this file is under the same licence. Regenerate with bench/real-play/table-talk-model.ts.';

function main(): void {
  const gitDir = process.argv[2] ?? DEFAULT_CRD3;
  const episodes = episodeSplit(gitDir).fit.filter((id) => isAligned(gitDir, id));
  const examples: LabelledLine[] = episodes.flatMap((id) => {
    const sides = turnSides(gitDir, id);
    return episodeLines(gitDir, id).flatMap((l) => {
      const side = sides.get(l.turn);
      return side ? [{ tableTalk: side === 'out', text: l.text }] : [];
    });
  });
  const write = (name: string, lines: LabelledLine[], minCount: number) => {
    const counts = new NaiveBayes(lines).toCounts(minCount);
    const file = path.join(TABLE_TALK_DATA_DIR, name);
    fs.writeFileSync(file, `${JSON.stringify({ credit: CREDIT, minCount, episodes, ...counts })}\n`);
    const table = lines.filter((e) => e.tableTalk).length;
    console.log(
      `${episodes.length} episodes, ${lines.length} lines (${table} table talk), ` +
        `${Object.keys(counts.features).length} features → ${file} (${fs.statSync(file).size} bytes)`,
    );
  };
  write(CRD3_COUNTS_FILE, examples, MIN_COUNT);
  const short = examples.filter((e) => e.text.split(/\s+/).length < LONG_LINE_WORDS);
  write(CRD3_SHORT_COUNTS_FILE, short, SHORT_MIN_COUNT);
  const sides = turnSides(gitDir, EXCERPT.id);
  const excerpt = episodeLines(gitDir, EXCERPT.id)
    .slice(0, EXCERPT.turns)
    .flatMap((l) => (sides.has(l.turn) ? [`${sides.get(l.turn) === 'out' ? 'table' : 'game'}\t${l.text}\n`] : []));
  fs.writeFileSync(path.join(TABLE_TALK_DATA_DIR, CRD3_EXCERPT_FILE), excerpt.join(''));
}

main();
