import { cutOptions } from './recording-cut';

const sizes = { liveChunkMs: 60_000, marginMs: 3_000, maxChunkMs: 600_000 };

test('while live, a segment is cut in live chunks short of the margin, at most an upload chunk long', () => {
  expect(cutOptions(sizes, false)).toMatchObject({
    final: false,
    liveChunkMs: 60_000,
    marginMs: 3_000,
    maxChunkMs: 600_000,
  });
});

test('to its end, what is left is cut in halves of a live chunk (the two lanes share it), never under 10 s', () => {
  expect(cutOptions(sizes, true)).toMatchObject({ final: true, maxChunkMs: 30_000 });
  expect(cutOptions({ ...sizes, liveChunkMs: 8_000 }, true).maxChunkMs).toBe(10_000);
  expect(cutOptions({ ...sizes, maxChunkMs: 5_000 }, true).maxChunkMs).toBe(5_000);
});
