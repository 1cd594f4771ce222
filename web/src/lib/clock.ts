/**
 * A moment of a recording as players name it: 1:02:05, and below an hour 0:42:05 in Q&A citations
 * (docs/qa-contract.md: h:mm:ss) or 42:05 beside transcript lines (`short`).
 */
export function clock(ms: number, { short = false }: { short?: boolean } = {}): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  return h > 0 || !short ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
