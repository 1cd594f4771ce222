import { promises as fs } from 'node:fs';
import path from 'node:path';
import { runCommand } from '../../adapters/process/run-command';
import type { RenditionOptions } from './browser-rendition';

/**
 * Silence either side of a GM-only line in the players' copy: a line's times are the speech
 * recogniser's, a few hundred ms off its words, so a copy silent over exactly them let the edge of
 * a hidden word through, and the 380 ms between two hidden lines (transcribed again, a fragment of
 * the hidden words). Neighbouring lines lose at most this much of their edges. A copy's name is the
 * hash of the lines' own spans (players-audio.ts): changing this margin needs a new name too.
 */
export const GM_ONLY_MARGIN_MS = 400;

/** A stretch of the recording, in milliseconds from its start. */
export interface Span {
  startMs: number;
  endMs: number;
}

/**
 * The spans sorted, each widened by `marginMs` either side (never before the start), overlapping
 * and touching ones joined: one `between` each in the filter.
 */
export function joinSpans(spans: readonly Span[], marginMs = 0): Span[] {
  const joined: Span[] = [];
  const widened = spans
    .filter((s) => s.endMs > s.startMs)
    .map((s) => ({ startMs: Math.max(0, s.startMs - marginMs), endMs: s.endMs + marginMs }));
  for (const s of widened.sort((a, b) => a.startMs - b.startMs)) {
    const last = joined[joined.length - 1];
    if (last && s.startMs <= last.endMs) last.endMs = Math.max(last.endMs, s.endMs);
    else joined.push({ ...s });
  }
  return joined;
}

/**
 * Writes the copy of a recording that players hear: the same AAC-LC in MP4 as the browser
 * rendition, silent over `spans` (the lines the owner keeps GM-only) and GM_ONLY_MARGIN_MS either
 * side. The filter goes through a script file: a campaign's secrets can be hundreds of spans, too
 * long for one argument.
 */
export async function silenceForPlayers(
  input: string,
  output: string,
  spans: readonly Span[],
  options: RenditionOptions = {},
): Promise<void> {
  const { signal, timeoutMs = 30 * 60_000 } = options;
  const between = joinSpans(spans, GM_ONLY_MARGIN_MS).map(
    (s) => `between(t,${(s.startMs / 1000).toFixed(3)},${(s.endMs / 1000).toFixed(3)})`,
  );
  const script = `${output}.filter`;
  await fs.writeFile(script, between.length ? `volume=enable='${between.join('+')}':volume=0` : 'anull');
  try {
    const result = await runCommand(
      'ffmpeg',
      ['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y', '-i', `file:${path.resolve(input)}`]
        .concat(['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-filter_script:a', path.resolve(script)])
        .concat(['-ac', '1', '-ar', '44100', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart'])
        .concat(['-f', 'mp4', `file:${path.resolve(output)}`]),
      { signal, timeoutMs, background: true },
    );
    // The recording played already (it is the rendition or a playable upload): a failure is the machine's.
    if (result.code !== 0) {
      throw new Error(`ffmpeg could not make the players' copy: ${result.stderr.trim().split('\n').pop()}`);
    }
  } finally {
    await fs.rm(script, { force: true });
  }
}
