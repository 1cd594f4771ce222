import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Line {
  /** An espeak-ng voice, e.g. en-us or en-gb. */
  voice: string;
  /** Pitch 0–99, so two speakers on the same voice still sound apart. */
  pitch: number;
  text: string;
}

/**
 * A game night made on the spot with espeak-ng, one speaker per line, joined with sox into one
 * WAV file; returns its path. Real speech, so the real pipeline (Whisper) has words to find.
 */
export async function recordGameNight(lines: readonly Line[], fileName: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'questlog-recording-'));
  const parts: string[] = [];
  for (const [i, line] of lines.entries()) {
    const part = path.join(dir, `line-${i}.wav`);
    await run('espeak-ng', ['-v', line.voice, '-p', String(line.pitch), '-s', '150', '-w', part, line.text]);
    parts.push(part);
  }
  const out = path.join(dir, fileName);
  await run('sox', [...parts, out]);
  return out;
}
