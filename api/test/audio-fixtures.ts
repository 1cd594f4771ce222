import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type Voice = 'en-us' | 'en+m3' | 'en+f3' | 'en-gb';

export interface ScriptLine {
  voice: Voice;
  text: string;
}

export interface TimedLine extends ScriptLine {
  startMs: number;
  endMs: number;
}

export interface SessionRecording {
  path: string;
  durationMs: number;
  lines: TimedLine[];
}

// espeak-ng writes 22.05 kHz mono 16-bit WAV.
const RATE = 22050;

/** A game night in miniature: the game master and players in play, with pizza and rules talk between. */
export const gameNight: ScriptLine[] = [
  { voice: 'en-us', text: 'The dragon lands on the castle wall and roars at the village below.' },
  { voice: 'en+m3', text: 'I draw my sword and charge at the dragon.' },
  { voice: 'en+f3', text: 'Who wants pizza? I am ordering two large pizzas now.' },
  { voice: 'en-us', text: 'Roll for initiative. The dragon breathes fire across the bridge.' },
  { voice: 'en-gb', text: 'Wait, can you look up the rule for opportunity attacks in the book?' },
  { voice: 'en+m3', text: 'I cast a shield spell and the flames wash over the knight.' },
  { voice: 'en-us', text: 'The dragon falls from the wall and the villagers cheer for the heroes.' },
  { voice: 'en+f3', text: 'The pizza is here. Does anyone have cash for the driver?' },
];

/**
 * Speaks each line with espeak-ng and joins them with sox, a pause between lines, into one WAV;
 * returns where each line starts and ends so tests can check timings and content.
 */
export async function makeSessionRecording(
  dir: string,
  lines: ScriptLine[],
  { pauseMs = 900, name = 'session.wav', wordsPerMinute = 150 } = {},
): Promise<SessionRecording> {
  await fs.mkdir(dir, { recursive: true });
  const silence = path.join(dir, `pause-${pauseMs}.wav`);
  await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', silence, 'trim', '0', String(pauseMs / 1000)]);
  const parts: string[] = [];
  const timed: TimedLine[] = [];
  let cursorMs = 0;
  for (const [i, line] of lines.entries()) {
    const file = path.join(dir, `line-${i}.wav`);
    await run('espeak-ng', ['-v', line.voice, '-s', String(wordsPerMinute), '-w', file, line.text]);
    const durationMs = await wavDurationMs(file);
    if (i > 0) {
      parts.push(silence);
      cursorMs += pauseMs;
    }
    parts.push(file);
    timed.push({ ...line, startMs: cursorMs, endMs: cursorMs + durationMs });
    cursorMs += durationMs;
  }
  const out = path.join(dir, name);
  await run('sox', [...parts, out]);
  return { path: out, durationMs: await wavDurationMs(out), lines: timed };
}

/** Re-encodes a recording with ffmpeg (e.g. to .mp3 or .ogg) and returns the new path. */
export async function encodeAs(input: string, output: string, codecArgs: string[] = []): Promise<string> {
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', input, ...codecArgs, output]);
  return output;
}

/** Exact length of a WAV from sox's sample count. */
export async function wavDurationMs(file: string): Promise<number> {
  const { stdout } = await run('soxi', ['-D', file]);
  return Math.round(Number(stdout.trim()) * 1000);
}

/**
 * The loudest sample of `seconds` of `file` from `at` seconds, in dB (about -91 for the digital
 * silence of AAC): whether a stretch of a recording is heard.
 */
export async function loudestDb(file: string, at: number, seconds = 0.5): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-ss',
    String(at),
    '-t',
    String(seconds),
    '-i',
    file,
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ]);
  return Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)![1]);
}
