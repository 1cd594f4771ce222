import { estimatedShare } from './transcription-estimate';

test('a chunk is estimated by the time it should take, and never as done', () => {
  // A minute of audio should take 9 s at the expected real-time factor.
  expect(estimatedShare(0, 60_000)).toBe(0);
  expect(estimatedShare(4_500, 60_000)).toBeCloseTo(0.5);
  expect(estimatedShare(60_000, 60_000)).toBe(0.9);
  // However short the chunk, the estimate expects a second at least.
  expect(estimatedShare(500, 100)).toBeCloseTo(0.5);
});
