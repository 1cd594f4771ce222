/**
 * The one time formatter: `[00:01:02]` prefixes of the full transcript (hours to two digits, so an
 * owner's edit can keep them) and `0:01:02` in Q&A citations (hours as they are).
 */
export function clock(ms: number, hourDigits: 1 | 2 = 2): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(Math.floor(s / 3600)).padStart(hourDigits, '0')}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}
