import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yazl from 'yazl';
import { wavDurationMs, type ScriptLine, type TimedLine, type Voice } from './audio-fixtures';

const run = promisify(execFile);
const RATE = 22050;

export interface CraigRecording {
  zip: string;
  /** Each line with its time on the shared timeline and the track (speaker label) it is on. */
  lines: Array<TimedLine & { speaker: string }>;
  durationMs: number;
}

/**
 * A multi-track recording as Craig makes it: one track per voice, all as long as the session,
 * silent while the others speak; consecutive lines overlap by `overlapMs` (people talk over each
 * other). Tracks are FLAC, one Ogg, named "<n>-<speaker>.<ext>", zipped with Craig's info.txt.
 */
export async function makeCraigZip(
  dir: string,
  lines: ScriptLine[],
  speakers: Partial<Record<Voice, string>>,
  { gapMs = 700, overlapMs = 300, name = 'craig.zip' } = {},
): Promise<CraigRecording> {
  await fs.mkdir(dir, { recursive: true });
  const timed: CraigRecording['lines'] = [];
  let cursor = 0;
  for (const [i, line] of lines.entries()) {
    const file = path.join(dir, `line-${i}.wav`);
    await run('espeak-ng', ['-v', line.voice, '-s', '150', '-w', file, line.text]);
    const durationMs = await wavDurationMs(file);
    // Alternate: a pause, then a line that starts before the last one ended.
    const startMs = i === 0 ? 0 : i % 2 ? cursor + gapMs : Math.max(0, cursor - overlapMs);
    timed.push({ ...line, startMs, endMs: startMs + durationMs, speaker: speakers[line.voice] ?? line.voice });
    cursor = startMs + durationMs;
  }
  const durationMs = Math.max(...timed.map((l) => l.endMs)) + 500;
  const zip = new yazl.ZipFile();
  const voices = [...new Set(lines.map((l) => l.voice))];
  for (const [n, voice] of voices.entries()) {
    const speaker = speakers[voice] ?? voice;
    const own = timed.map((l, i) => ({ ...l, i })).filter((l) => l.voice === voice);
    const parts: string[] = [];
    let at = 0;
    for (const line of own) {
      parts.push(await silence(dir, line.startMs - at), path.join(dir, `line-${line.i}.wav`));
      at = line.endMs;
    }
    parts.push(await silence(dir, durationMs - at));
    const wav = path.join(dir, `track-${n}.wav`);
    await run('sox', [...parts, wav]);
    const extension = n === 1 ? 'ogg' : 'flac';
    const track = path.join(dir, `${n + 1}-${speaker}.${extension}`);
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, ...(n === 1 ? ['-c:a', 'libvorbis'] : []), track]);
    zip.addFile(track, path.basename(track));
  }
  zip.addBuffer(Buffer.from('Recording: Questlog test night\nTracks:\n' + voices.join('\n')), 'info.txt');
  zip.end();
  const out = path.join(dir, name);
  await pipeline(zip.outputStream, createWriteStream(out));
  return { zip: out, lines: timed, durationMs };
}

async function silence(dir: string, ms: number): Promise<string> {
  const length = Math.max(1, Math.round(ms));
  const file = path.join(dir, `silence-${length}.wav`);
  await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'trim', '0', String(length / 1000)]);
  return file;
}
