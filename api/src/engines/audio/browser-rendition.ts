import path from 'node:path';
import { runCommand } from '../run-command';

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
    { signal, timeoutMs },
  );
  // The recording was probed already, so a failure here is the machine's (disk, memory): retryable.
  if (result.code !== 0) {
    throw new Error(`ffmpeg could not make the browser rendition: ${result.stderr.trim().split('\n').pop()}`);
  }
}
