import { describe, expect, it } from 'vitest';
import { joined, percent, speakerLanes, tableTalkSpans } from './timeline';

const line = (startMs: number, endMs: number, speaker: string | null, tableTalk = false) => ({
  startMs,
  endMs,
  tableTalk,
  speaker: speaker === null ? null : { displayName: speaker },
});

describe('joined', () => {
  it('joins spans 4 s apart or closer, overlapping ones included, and keeps farther ones apart', () => {
    expect(
      joined([
        { startMs: 0, endMs: 1_000 },
        { startMs: 5_000, endMs: 6_000 }, // exactly 4 s after: joined
        { startMs: 5_500, endMs: 5_800 }, // inside the last: the end stays
        { startMs: 10_001, endMs: 11_000 }, // 4.001 s after: apart
      ]),
    ).toEqual([
      { startMs: 0, endMs: 6_000 },
      { startMs: 10_001, endMs: 11_000 },
    ]);
    expect(joined([])).toEqual([]);
  });

  it('leaves the spans it was given as they were', () => {
    const spans = [
      { startMs: 0, endMs: 1_000 },
      { startMs: 2_000, endMs: 3_000 },
    ];
    joined(spans);
    expect(spans[0]).toEqual({ startMs: 0, endMs: 1_000 });
  });
});

describe('tableTalkSpans', () => {
  it('draws only the table talk', () => {
    const lines = [line(0, 1_000, 'GM', true), line(1_000, 20_000, 'GM'), line(30_000, 31_000, null, true)];
    expect(tableTalkSpans(lines)).toEqual([
      { startMs: 0, endMs: 1_000 },
      { startMs: 30_000, endMs: 31_000 },
    ]);
  });
});

describe('speakerLanes', () => {
  // Ann speaks least often but longest (20 s), Bo most often but shortest (1.5 s), GM between (5 s).
  const lines = [
    line(0, 500, 'Bo'),
    line(500, 3_000, 'GM'),
    line(3_000, 3_500, 'Bo'),
    line(3_500, 4_000, null),
    line(4_000, 6_500, 'GM'),
    line(30_000, 30_500, 'Bo'),
    line(31_000, 51_000, 'Ann'),
  ];

  it('gives each known speaker a lane, the longest heard first, their lines joined', () => {
    // Lines without a speaker have no lane.
    expect(speakerLanes(lines)).toEqual([
      { name: 'Ann', spans: [{ startMs: 31_000, endMs: 51_000 }] },
      { name: 'GM', spans: [{ startMs: 500, endMs: 6_500 }] },
      {
        name: 'Bo',
        spans: [
          { startMs: 0, endMs: 3_500 },
          { startMs: 30_000, endMs: 30_500 },
        ],
      },
    ]);
  });

  it('keeps the `max` longest heard', () => {
    expect(speakerLanes(lines, 2).map((l) => l.name)).toEqual(['Ann', 'GM']);
  });
});

describe('percent', () => {
  it('places a time on the night, before the start at 0', () => {
    expect(percent(900, 3_600)).toBe('25.000%');
    expect(percent(1, 3)).toBe('33.333%');
    expect(percent(-500, 3_600)).toBe('0.000%');
  });
});
