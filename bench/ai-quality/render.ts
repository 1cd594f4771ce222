/*
 * Renders the fixture sessions to speech: one espeak-ng WAV per line, joined with sox and the
 * script's pauses into one recording per session. Cached by content under the OS temp directory,
 * so a rerun with an unchanged script costs nothing. Run alone to listen to them:
 *   node -r ./api/test/swc-register.cjs bench/ai-quality/render.ts
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadCampaign, type FixtureSession } from './fixture';

const run = promisify(execFile);

// espeak-ng writes 22.05 kHz mono 16-bit WAV; the pauses must match it for sox to join them.
const RATE = 22050;
const WORDS_PER_MINUTE = 160;
/** Silence between two lines when the script asks for no extra pause. */
const GAP_SECONDS = 0.7;

export interface RenderedSession {
  path: string;
  seconds: number;
}

export const DEFAULT_CACHE_DIR = path.join(os.tmpdir(), 'questlog-ai-quality');

/** The line as the players say it: names respelled where espeak-ng's rules would misread them. */
export function spoken(text: string, pronounce: Record<string, string>): string {
  return Object.entries(pronounce).reduce((t, [name, say]) => t.replace(new RegExp(`\\b${name}\\b`, 'g'), say), text);
}

/** One WAV for the session; rendered again only when its lines, pauses, pronunciations or the tools change. */
export async function renderSession(
  session: FixtureSession,
  pronounce: Record<string, string>,
  cacheDir = DEFAULT_CACHE_DIR,
): Promise<RenderedSession> {
  const { stdout: espeakVersion } = await run('espeak-ng', ['--version']);
  const key = createHash('sha256')
    .update(JSON.stringify({ espeakVersion, WORDS_PER_MINUTE, GAP_SECONDS, pronounce, lines: session.lines }))
    .digest('hex')
    .slice(0, 16);
  const out = path.join(cacheDir, `${path.basename(session.file, '.yaml')}-${key}.wav`);
  if (!fs.existsSync(out)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const work = fs.mkdtempSync(path.join(cacheDir, 'render-'));
    try {
      await join(session, pronounce, work, out);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return { path: out, seconds: await wavSeconds(out) };
}

async function join(
  session: FixtureSession,
  pronounce: Record<string, string>,
  work: string,
  out: string,
): Promise<void> {
  const parts: string[] = [];
  let extraPause = 0;
  for (const [i, item] of session.lines.entries()) {
    if ('pause' in item) {
      extraPause += item.pause;
      continue;
    }
    if (parts.length) parts.push(await silence(work, GAP_SECONDS + extraPause));
    extraPause = 0;
    const file = path.join(work, `line-${i}.wav`);
    await run('espeak-ng', [
      '-v',
      item.voice,
      '-s',
      String(WORDS_PER_MINUTE),
      '-w',
      file,
      spoken(item.text, pronounce),
    ]);
    parts.push(file);
  }
  // Written beside the target and renamed, so an interrupted run never leaves half a file in the cache.
  const partial = path.join(work, 'session.wav');
  await run('sox', [...parts, partial]);
  fs.renameSync(partial, out);
}

async function silence(work: string, seconds: number): Promise<string> {
  const file = path.join(work, `pause-${seconds.toFixed(2)}.wav`);
  if (!fs.existsSync(file)) {
    await run('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'trim', '0', seconds.toFixed(2)]);
  }
  return file;
}

async function wavSeconds(file: string): Promise<number> {
  const { stdout } = await run('sox', ['--i', '-D', file]);
  return Number(stdout.trim());
}

if (require.main === module) {
  (async () => {
    const campaign = loadCampaign();
    for (const session of campaign.sessions) {
      const { path: file, seconds } = await renderSession(session, campaign.pronounce);
      console.log(`${session.title}: ${seconds.toFixed(1)} s  ${file}`);
    }
  })().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
