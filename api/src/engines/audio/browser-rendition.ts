import path from 'node:path';
import { runCommand } from '../../adapters/process/run-command';

export interface RenditionOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Writes a copy of the recording every current browser plays: AAC-LC in MP4, mono, 64 kbit/s
 * (speech at a table needs no more; about 29 MB an hour), the index at the front (+faststart) so
 * the player can seek before the whole file has arrived. Uploads may be .amr, .wma, .ape, .dss…,
 * which browsers cannot decode.
 */
export async function renderForBrowser(input: string, output: string, options: RenditionOptions = {}): Promise<void> {
  const { signal, timeoutMs = 30 * 60_000 } = options;
  const result = await runCommand(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y', '-i', `file:${path.resolve(input)}`]
      .concat(['-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-ac', '1', '-ar', '44100'])
      .concat(['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', `file:${path.resolve(output)}`]),
    { signal, timeoutMs, background: true },
  );
  // The recording was probed already, so a failure here is the machine's (disk, memory): retryable.
  if (result.code !== 0) {
    throw new Error(`ffmpeg could not make the browser rendition: ${result.stderr.trim().split('\n').pop()}`);
  }
}

/**
 * The same rendition of a multi-track recording: its tracks (one speaker each, one timeline)
 * mixed into one, at their own levels (no normalizing: a quiet player stays as quiet as recorded).
 */
export async function mixForBrowser(inputs: string[], output: string, options: RenditionOptions = {}): Promise<void> {
  const { signal, timeoutMs = 30 * 60_000 } = options;
  const result = await runCommand(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y']
      .concat(inputs.flatMap((input) => ['-i', `file:${path.resolve(input)}`]))
      .concat(['-filter_complex', `amix=inputs=${inputs.length}:duration=longest:normalize=0`])
      .concat(['-vn', '-sn', '-dn', '-map_metadata', '-1', '-ac', '1', '-ar', '44100'])
      .concat(['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', `file:${path.resolve(output)}`]),
    { signal, timeoutMs, background: true },
  );
  if (result.code !== 0) {
    throw new Error(`ffmpeg could not mix the tracks: ${result.stderr.trim().split('\n').pop()}`);
  }
}

/**
 * Containers and audio codecs every current browser plays in an <audio> element (Chromium, Firefox,
 * Safari 17+): such an upload, audio only, is streamed as it is and needs no rendition. That is
 * most uploads and every browser recording (Opus in WebM), whose rendition of a four-hour game
 * night would add minutes between Stop and READY.
 */
const PLAYABLE: Array<{ container: RegExp; codecs: string[] }> = [
  { container: /^mp3$/, codecs: ['mp3'] },
  { container: /(^|,)mp4(,|$)/, codecs: ['aac'] },
  { container: /^wav$/, codecs: ['pcm_s16le', 'pcm_u8', 'pcm_f32le'] },
  { container: /^flac$/, codecs: ['flac'] },
  { container: /(^|,)webm(,|$)/, codecs: ['opus'] },
];

export function playsInBrowsers(format: { formatName: string; audioCodec: string | null; hasVideo: boolean }): boolean {
  if (format.hasVideo || !format.audioCodec) return false;
  return PLAYABLE.some((p) => p.container.test(format.formatName) && p.codecs.includes(format.audioCodec!));
}
