/**
 * Damerau-Levenshtein distance (optimal string alignment): insertions, deletions, substitutions and
 * swaps of two neighbouring letters each cost one.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Int32Array(width);
  let previous = Int32Array.from({ length: width }, (_, j) => j);
  let row = new Int32Array(width);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      // Plain comparisons, not Math.min: this loop runs for every word and name (and jest's Math is slow).
      let best = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      if (previous[j] + 1 < best) best = previous[j] + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && before[j - 2] + 1 < best) {
        best = before[j - 2] + 1;
      }
      row[j] = best;
    }
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length];
}

/**
 * 1 for equal strings, 0 for strings with nothing in common: edit distance over the longer length.
 * Below `floor`, gives 0 without computing the distance when the lengths alone are too far apart.
 */
export function similarity(a: string, b: string, floor = 0): number {
  const longest = Math.max(a.length, b.length);
  if (!longest) return 1;
  if (1 - Math.abs(a.length - b.length) / longest < floor) return 0;
  return 1 - editDistance(a, b) / longest;
}

/**
 * A rough English spelling-to-sound key, so that spellings of one sound compare equal: "Kragmaw" and
 * "crag maw", "Thorin" and "Torin", "Ysoldra" and "Isoldra". Letters only, lower case.
 */
export function soundKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ph/g, 'f')
    .replace(/([tdsc])h/g, '$1')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/ck|[cq]/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/z/g, 's')
    .replace(/y/g, 'i')
    .replace(/(.)\1+/g, '$1');
}
