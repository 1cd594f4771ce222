import { describe, expect, it } from 'vitest';
import { currentLineIndex } from './current-line';

const lines = [0, 1_500, 4_000, 4_000, 9_000].map((startMs) => ({ startMs }));

describe('currentLineIndex', () => {
  it('has no line before the first one starts, nor in an empty transcript', () => {
    expect(currentLineIndex([], 0)).toBe(-1);
    expect(currentLineIndex([{ startMs: 2_000 }], 0)).toBe(-1);
    expect(currentLineIndex([{ startMs: 2_000 }], 1_999)).toBe(-1);
  });

  it('makes a line current from its first millisecond', () => {
    expect(currentLineIndex(lines, 0)).toBe(0);
    expect(currentLineIndex(lines, 1_499)).toBe(0);
    expect(currentLineIndex(lines, 1_500)).toBe(1);
    expect(currentLineIndex(lines, 9_000)).toBe(4);
  });

  it('keeps a line current through the pause after it and past the end', () => {
    expect(currentLineIndex(lines, 3_999)).toBe(1);
    expect(currentLineIndex(lines, 8_999)).toBe(3);
    expect(currentLineIndex(lines, 3_600_000)).toBe(4);
  });

  it('picks the last of lines that start together', () => {
    expect(currentLineIndex(lines, 4_000)).toBe(3);
  });

  it('agrees with a plain scan at every millisecond of a long transcript', () => {
    // Uneven starts with ties, so every branch of the search is taken somewhere.
    const starts: number[] = [];
    for (let i = 0, t = 250; i < 400; i++, t += (i * 37) % 5 === 0 ? 0 : (i * 53) % 900) starts.push(t);
    const long = starts.map((startMs) => ({ startMs }));
    const last = starts[starts.length - 1];
    const times = Array.from({ length: Math.ceil((last + 10) / 7) }, (_, i) => i * 7);
    expect(times.map((ms) => currentLineIndex(long, ms))).toEqual(
      times.map((ms) => starts.findLastIndex((s) => s <= ms)),
    );
  });
});
