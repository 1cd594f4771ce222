import { voicesOfWindows } from './window-voices';

const axis = (i: number) => Array.from({ length: 4 }, (_, k) => (k === i ? 1 : 0));
const window = (startMs: number, i: number) => ({ startMs, endMs: startMs + 1600, embedding: axis(i) });

describe('voicesOfWindows', () => {
  it('gives each window to the speaker of the line its middle falls in, as the lines say now', () => {
    const windows = [window(0, 0), window(1000, 0), window(5000, 1), window(6000, 2), window(9000, 3)];
    const lines = [
      { startMs: 0, endMs: 4000, speaker: 'Speaker 1' },
      { startMs: 4000, endMs: 6500, speaker: 'Speaker 2' },
      { startMs: 6500, endMs: 8000, speaker: 'Speaker 1' },
      // The last window's middle (9.8 s) is in no line: it teaches nobody.
    ];
    const heard = voicesOfWindows(lines, windows);
    expect(heard.get('Speaker 1')).toEqual({ embedding: [0.89443, 0, 0.44721, 0], windows: 3 });
    expect(heard.get('Speaker 2')).toEqual({ embedding: [0, 1, 0, 0], windows: 1 });

    // The second line moved to Speaker 1: its window teaches Speaker 1, and Speaker 2 has none left.
    const moved = voicesOfWindows(
      lines.map((l) => (l.speaker === 'Speaker 2' ? { ...l, speaker: 'Speaker 1' } : l)),
      windows,
    );
    expect([...moved.keys()]).toEqual(['Speaker 1']);
    expect(moved.get('Speaker 1')!.windows).toBe(4);
    expect(moved.get('Speaker 1')!.embedding[1]).toBeCloseTo(0.40825, 4);
  });

  it('leaves lines without a speaker out', () => {
    const heard = voicesOfWindows([{ startMs: 0, endMs: 4000, speaker: null }], [window(0, 0)]);
    expect(heard.size).toBe(0);
  });
});
