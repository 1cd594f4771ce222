import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app';
import { loudestDb } from './audio-fixtures';
import type { TestUser } from './factories';
import { LINE_SECONDS } from './transcripts';
import { AUDIO_MESSAGES } from '../src/modules/sessions/session-audio.service';

// What a listener of a session's audio hears, measured line by line with ffmpeg (the GM-only audio tests).

/** AAC's digital silence is about -91 dB; the lines' tone is far above -30 dB. */
export const SILENT_DB = -80;
const HEARD_DB = -30;

export interface Heard {
  status: number;
  /** The JSON error of a refusal. */
  body?: unknown;
  cacheControl: string | null;
  /** The loudest sample over line `i`'s stretch (its edges left out: AAC frames blur them by a few ms). */
  loudness(i: number): Promise<number>;
  /** The loudest sample over `seconds` from `from`. */
  loudnessOver(from: number, seconds: number): Promise<number>;
}

const never = (): Promise<number> => Promise.reject(new Error('nothing was heard'));

/** The requests and listens of one test file, against its app, writing what is heard into `dir`. */
export function hearing(app: () => TestApp, dir: () => string) {
  let files = 0;
  async function request(user: TestUser, url: string, headers: Record<string, string> = {}, method = 'GET') {
    const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${app().url}${url}`, { method, headers: { cookie, ...headers } });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  /**
   * What the user hears at `url`: one answer of the whole file, or (`ranges`) the file pieced
   * together from 64 KiB Range requests as a seeking player asks for it. `headers` go with each request.
   */
  async function listen(
    user: TestUser,
    url: string,
    { ranges = false, headers = {} }: { ranges?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Heard> {
    const parts: Buffer[] = [];
    let first: Awaited<ReturnType<typeof request>> | undefined;
    for (let at = 0, size = Infinity; at < size; at += 65_536) {
      const res = await request(user, url, ranges ? { ...headers, range: `bytes=${at}-${at + 65_535}` } : headers);
      first ??= res;
      if (res.status === 200) parts.push(res.bytes);
      if (res.status !== 206) break;
      parts.push(res.bytes);
      size = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')![1]);
    }
    const cacheControl = first!.headers.get('cache-control');
    if (first!.status >= 400) {
      const body = JSON.parse(first!.bytes.toString('utf8'));
      return { status: first!.status, body, cacheControl, loudness: never, loudnessOver: never };
    }
    const file = path.join(dir(), `heard-${files++}`);
    await fs.writeFile(file, Buffer.concat(parts));
    const loudness = (i: number) => loudestDb(file, i * LINE_SECONDS + 0.1, LINE_SECONDS - 0.5 - 0.2);
    const loudnessOver = (from: number, seconds: number) => loudestDb(file, from, seconds);
    return { status: first!.status, cacheControl, loudness, loudnessOver };
  }

  return { request, listen };
}

/** Silence over every line of `secret`, the tone over every line of `shared`. */
export async function expectSilencedOver(heard: Heard, secret: number[], shared: number[]): Promise<void> {
  expect([200, 206]).toContain(heard.status);
  expect(heard.cacheControl).toBe('private, no-store');
  const measured = async (lines: number[]) => Promise.all(lines.map(async (i) => [i, await heard.loudness(i)]));
  for (const [i, db] of await measured(secret))
    expect({ line: i, silent: db < SILENT_DB }).toEqual({ line: i, silent: true });
  for (const [i, db] of await measured(shared))
    expect({ line: i, heard: db > HEARD_DB }).toEqual({ line: i, heard: true });
}

/** While marks may be changing: either 409 or silence over `secret`, never a GM-only line heard. */
export async function expectNeverHeard(heard: Heard, secret: number[], shared: number[]): Promise<void> {
  const preparing = { status: 409, body: { code: 'CONFLICT', error: AUDIO_MESSAGES.preparing } };
  if (heard.status === 409) expect({ status: heard.status, body: heard.body }).toEqual(preparing);
  else await expectSilencedOver(heard, secret, shared);
}
