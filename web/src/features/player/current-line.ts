/**
 * The line being heard at `ms`: the last one that has started (lines are in time order). In the
 * pause after a line it stays current, so the highlight does not blink off between lines; before
 * the first line starts there is none.
 */
export function currentLineIndex(lines: readonly { startMs: number }[], ms: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (lines[mid].startMs <= ms) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}
