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

/**
 * A multi-track recording as Craig makes it: one track per speaker (FLAC, "<n>-<speaker>.flac"),
 * all as long as the night, silent while the others speak, zipped with an info file (Python's
 * zipfile, from the standard library).
 */
export async function recordCraigZip(lines: ReadonlyArray<Line & { speaker: string }>, fileName: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'questlog-craig-'));
  const gap = path.join(dir, 'gap.wav');
  await run('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', gap, 'trim', '0', '0.6']);
  const spoken: string[] = [];
  for (const [i, line] of lines.entries()) {
    const part = path.join(dir, `line-${i}.wav`);
    await run('espeak-ng', ['-v', line.voice, '-p', String(line.pitch), '-s', '150', '-w', part, line.text]);
    spoken.push(part);
  }
  const speakers = [...new Set(lines.map((l) => l.speaker))];
  const tracks: string[] = [];
  for (const [n, speaker] of speakers.entries()) {
    // Every line on every track, turned to silence (vol 0) on the tracks of those who did not say it.
    const parts: string[] = [];
    for (const [i, line] of lines.entries()) {
      const own = line.speaker === speaker ? spoken[i] : path.join(dir, `quiet-${n}-${i}.wav`);
      if (line.speaker !== speaker) await run('sox', [spoken[i], own, 'vol', '0']);
      parts.push(own, gap);
    }
    const track = path.join(dir, `${n + 1}-${speaker}.flac`);
    await run('sox', [...parts, track]);
    tracks.push(track);
  }
  const info = path.join(dir, 'info.txt');
  await run('sh', ['-c', `printf 'Questlog test night\\n' > '${info}'`]);
  const out = path.join(dir, fileName);
  await run('python3', ['-m', 'zipfile', '-c', out, ...tracks, info]);
  return { zip: out, tracks };
}
