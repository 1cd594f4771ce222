/** A span of the night, in ms. */
export interface Span {
  startMs: number;
  endMs: number;
}

interface TimedLine extends Span {
  tableTalk: boolean;
  speaker: { displayName: string } | null;
}

/** Lines closer than this are drawn as one stretch: thousands of lines stay a few dozen shapes. */
const JOIN_GAP_MS = 4_000;

/** Consecutive spans joined where they touch or nearly do. */
export function joined(spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const span of spans) {
    const last = out[out.length - 1];
    if (last && span.startMs - last.endMs <= JOIN_GAP_MS) last.endMs = Math.max(last.endMs, span.endMs);
    else out.push({ startMs: span.startMs, endMs: span.endMs });
  }
  return out;
}

/** The stretches of table talk, in order. */
export function tableTalkSpans(lines: readonly TimedLine[]): Span[] {
  return joined(lines.filter((l) => l.tableTalk));
}

/** Each known speaker's stretches of speech, the most heard first. */
export function speakerLanes(lines: readonly TimedLine[], max = 8): { name: string; spans: Span[] }[] {
  const bySpeaker = new Map<string, TimedLine[]>();
  for (const line of lines) {
    if (!line.speaker) continue;
    const name = line.speaker.displayName;
    bySpeaker.set(name, [...(bySpeaker.get(name) ?? []), line]);
  }
  const heard = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + s.endMs - s.startMs, 0);
  return [...bySpeaker]
    .sort((a, b) => heard(b[1]) - heard(a[1]))
    .slice(0, max)
    .map(([name, own]) => ({ name, spans: joined(own) }));
}

/** A position on the timeline as a CSS percentage of the night. */
export const percent = (ms: number, totalMs: number) => `${((Math.max(0, ms) / totalMs) * 100).toFixed(3)}%`;
