import type { VoiceWindow } from './diarizer';
import { normalised } from './voice-match';

/** A line as its speaker says it now: after the pipeline, a merge or a move. */
export interface SpokenLine {
  startMs: number;
  endMs: number;
  speaker: string | null;
}

/** What one speaker's windows in a session say about their voice. */
export interface HeardVoice {
  /** The normalised mean of the windows' prints. */
  embedding: number[];
  windows: number;
}

/**
 * Each speaker's voice as the session's windows tell it: a window belongs to the line its middle
 * falls in, and so to whoever says that line now, so a line moved to another voice teaches that
 * voice and no longer the one the clustering gave it. Windows outside every line teach nobody.
 */
export function voicesOfWindows(
  lines: readonly SpokenLine[],
  windows: readonly VoiceWindow[],
): Map<string, HeardVoice> {
  const spoken = lines.filter((l) => l.speaker).sort((a, b) => a.startMs - b.startMs);
  const sums = new Map<string, { sum: number[]; windows: number }>();
  let from = 0;
  for (const w of [...windows].sort((a, b) => a.startMs - b.startMs)) {
    const middle = (w.startMs + w.endMs) / 2;
    while (from < spoken.length && spoken[from].endMs <= middle) from++;
    // Lines may overlap a little (a split line's halves share a word's edge): the first that holds it.
    const line = spoken.slice(from, from + 3).find((l) => l.startMs <= middle && middle < l.endMs);
    if (!line) continue;
    const part = sums.get(line.speaker!) ?? { sum: w.embedding.map(() => 0), windows: 0 };
    w.embedding.forEach((x, i) => (part.sum[i] += x));
    part.windows++;
    sums.set(line.speaker!, part);
  }
  return new Map([...sums].map(([speaker, p]) => [speaker, { embedding: normalised(p.sum), windows: p.windows }]));
}
