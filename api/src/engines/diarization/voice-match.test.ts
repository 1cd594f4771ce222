import { cosine, matchVoices, printOf } from './voice-match';

/** A unit vector mostly along axis `i`, tilted toward axis `j` by `tilt`. */
const unit = (i: number, j = i, tilt = 0) => {
  const v = Array.from({ length: 8 }, (_, k) => (k === i ? 1 : k === j ? tilt : 0));
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};

describe('matchVoices', () => {
  it('gives a clear match the known label and new voices the next free "Speaker N"', () => {
    const labels = matchVoices(
      [
        { voice: 'SPEAKER_1', embedding: unit(1, 5, 0.2) },
        { voice: 'SPEAKER_2', embedding: unit(3) },
      ],
      [
        { label: 'Speaker 1', embedding: unit(3) },
        { label: 'Speaker 2', embedding: unit(4) },
      ],
      ['Speaker 1', 'Speaker 2', 'sam'],
    );
    expect([...labels]).toEqual([
      ['SPEAKER_2', 'Speaker 1'],
      ['SPEAKER_1', 'Speaker 3'],
    ]);
  });

  it('takes no known voice when two are about as close', () => {
    const known = [
      { label: 'Speaker 1', embedding: unit(1, 2, 0.95) },
      { label: 'Speaker 2', embedding: unit(2, 1, 0.95) },
    ];
    const labels = matchVoices([{ voice: 'SPEAKER_1', embedding: unit(1, 2, 1) }], known, ['Speaker 1', 'Speaker 2']);
    expect(labels.get('SPEAKER_1')).toBe('Speaker 3');
  });

  it('numbers a first session from one', () => {
    const labels = matchVoices(
      [
        { voice: 'SPEAKER_1', embedding: unit(0) },
        { voice: 'SPEAKER_2', embedding: unit(1) },
      ],
      [],
      [],
    );
    expect([...labels.values()]).toEqual(['Speaker 1', 'Speaker 2']);
  });
});

describe('printOf', () => {
  it('is the normalised mean of its parts, weighted', () => {
    expect(printOf([])).toBeNull();
    const two = printOf([
      { embedding: unit(0), weight: 1 },
      { embedding: unit(1), weight: 1 },
    ])!;
    expect(cosine(two, unit(0, 1, 1))).toBeCloseTo(1, 4);
    expect(Math.hypot(...two)).toBeCloseTo(1, 4);
    // A part kept from three sessions weighs three times one session's.
    const leaning = printOf([
      { embedding: unit(0), weight: 3 },
      { embedding: unit(1), weight: 1 },
    ])!;
    expect(leaning[0] / leaning[1]).toBeCloseTo(3, 4);
  });
});
