/** Speech-to-text seconds per second of audio to expect (the embedded service: 0.13 on 2 cores). */
const EXPECTED_REAL_TIME_FACTOR = 0.15;
/** An estimate never claims the whole chunk: the bar moves on for real when it is done. */
const MOST_ESTIMATED = 0.9;

/**
 * How much of a chunk of `audioMs` is likely transcribed after `elapsedMs`, by the time it should
 * take (at least a second): a share of at most MOST_ESTIMATED.
 */
export function estimatedShare(elapsedMs: number, audioMs: number): number {
  const expectedMs = Math.max(1000, audioMs * EXPECTED_REAL_TIME_FACTOR);
  return Math.min(MOST_ESTIMATED, elapsedMs / expectedMs);
}
