import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** flite's voices made from real speakers: the speaker encoder tells them apart (0.46–0.68 across). */
export type FliteVoice = 'awb' | 'slt' | 'rms' | 'kal';

export interface VoiceLine {
  voice: FliteVoice;
  text: string;
}

export interface VoiceRecording {
  path: string;
  lines: Array<VoiceLine & { startMs: number; endMs: number }>;
}

/**
 * Speaks each line with flite and joins them with sox into one 16 kHz mono WAV, a pause between
 * lines, as one phone on the table hears a game night; says where each line was spoken.
 */
export async function makeVoiceRecording(
  dir: string,
  lines: VoiceLine[],
  { name = 'table.wav', pauseMs = 800 } = {},
): Promise<VoiceRecording> {
  await fs.mkdir(dir, { recursive: true });
  const pause = path.join(dir, `pause-${pauseMs}.wav`);
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', String(pauseMs / 1000)]);
  const parts: string[] = [];
  const timed: VoiceRecording['lines'] = [];
  let cursorMs = 0;
  for (const [i, line] of lines.entries()) {
    const spoken = path.join(dir, `${name}-${i}-raw.wav`);
    const file = path.join(dir, `${name}-${i}.wav`);
    await run('flite', ['-voice', line.voice, '-t', line.text, '-o', spoken]);
    await run('sox', [spoken, '-r', '16000', '-c', '1', '-b', '16', file]);
    const { stdout } = await run('soxi', ['-D', file]);
    const durationMs = Math.round(Number(stdout.trim()) * 1000);
    if (i > 0) {
      parts.push(pause);
      cursorMs += pauseMs;
    }
    parts.push(file);
    timed.push({ ...line, startMs: cursorMs, endMs: cursorMs + durationMs });
    cursorMs += durationMs;
  }
  const output = path.join(dir, name);
  await run('sox', [...parts, output]);
  return { path: output, lines: timed };
}

/** The script line a transcript line was heard in: the one its middle falls in, or the nearest. */
export function spokenIn<T extends { startMs: number; endMs: number }>(
  lines: readonly T[],
  at: { startMs: number; endMs: number },
): T {
  const middle = (at.startMs + at.endMs) / 2;
  const distance = (l: T) => (middle < l.startMs ? l.startMs - middle : middle > l.endMs ? middle - l.endMs : 0);
  return [...lines].sort((a, b) => distance(a) - distance(b))[0];
}
