import fs from 'node:fs';
import path from 'node:path';

export interface LabelledLine {
  tableTalk: boolean;
  text: string;
}

/**
 * Where the labelled tabletop lines live. tsc does not copy .tsv files, so code compiled to
 * api/dist/engines/table-talk reads them from the source tree it was built from.
 */
export const TABLE_TALK_DATA_DIR =
  [path.join(__dirname, 'data'), path.resolve(__dirname, '../../../src/engines/table-talk/data')].find((dir) =>
    fs.existsSync(path.join(dir, 'train.tsv')),
  ) ?? path.join(__dirname, 'data');

/** Reads a `label<TAB>line` file where label is `table` (table talk) or `game` (in play). */
export function readLabelledLines(file: string): LabelledLine[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      const [label, text] = line.split('\t');
      if ((label !== 'table' && label !== 'game') || !text?.trim()) {
        throw new Error(`${path.basename(file)}:${i + 1}: expected "table|game<TAB>text"`);
      }
      return { tableTalk: label === 'table', text: text.trim() };
    });
}
