import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../test/app';
import { HttpClient } from '../../test/http-client';
import { readRuntime } from '../../test/runtime-file';
import { spawnEntry, type EntryProcess } from '../../test/entry-process';
import { freePort } from '../../test/free-port';
import { resolveSessionSecret, SESSION_SECRET_FILE, SessionSecretError } from './session-secret';

const made: string[] = [];
const tempDir = () => {
  made.push(fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-secret-')));
  return made[made.length - 1];
};
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('resolveSessionSecret', () => {
  it('generates a secret on the first start, private to the owner, and reads the same one after', () => {
    const dir = path.join(tempDir(), 'data');
    const first = resolveSessionSecret({ DATA_DIR: dir });
    const file = path.join(dir, SESSION_SECRET_FILE);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(modeOf(file)).toBe(0o600);
    expect(resolveSessionSecret({ DATA_DIR: dir })).toBe(first);
    // Only the secret itself is left: the temporary file it was linked from is gone.
    expect(fs.readdirSync(dir)).toEqual([SESSION_SECRET_FILE]);
  });

  it('uses SESSION_SECRET when set and writes no file', () => {
    const dir = tempDir();
    expect(resolveSessionSecret({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) })).toBe('x'.repeat(40));
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a secret file that other users may read, saying how to fix it', () => {
    const dir = tempDir();
    const file = path.join(dir, SESSION_SECRET_FILE);
    fs.writeFileSync(file, 'y'.repeat(43), { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    expect(() => resolveSessionSecret({ DATA_DIR: dir })).toThrow(SessionSecretError);
    expect(() => resolveSessionSecret({ DATA_DIR: dir })).toThrow(`${file} may be read by other users (mode 0644)`);
  });

  it('refuses a secret file that is too short, or not a file', () => {
    const short = tempDir();
    fs.writeFileSync(path.join(short, SESSION_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => resolveSessionSecret({ DATA_DIR: short })).toThrow(/holds fewer than 32 characters/);
    const notFile = tempDir();
    fs.mkdirSync(path.join(notFile, SESSION_SECRET_FILE), { mode: 0o700 });
    expect(() => resolveSessionSecret({ DATA_DIR: notFile })).toThrow(/is not a file/);
  });
});

/** The real entry point (main.ts) without SESSION_SECRET, twice on one DATA_DIR, over real HTTP. */
describe('a start without SESSION_SECRET', () => {
  const envFor = async (dataDir: string, databaseUrl: string) => {
    const runtime = readRuntime();
    return {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: runtime.temporalAddress,
      STT_URL: runtime.speechUrl,
      RUN_WORKER: 'false',
    };
  };
  const start = async (env: Record<string, string>) => {
    const started = spawnEntry('api/src/main.ts', env);
    await started.waitFor(/is running|could not start/);
    return started;
  };
  const stop = async (running: EntryProcess) => {
    running.child.kill('SIGTERM');
    await running.exited;
  };

  it('keeps CSRF tokens valid across a restart: the secret generated on the first start is reused', async () => {
    const dataDir = tempDir();
    const env = await envFor(dataDir, await createTestDatabase());
    const url = `http://127.0.0.1:${env.PORT}`;

    const first = await start(env);
    const client = new HttpClient(url);
    let token: string;
    try {
      expect(first.output()).toContain('is running');
      token = await client.csrfToken();
    } finally {
      await stop(first);
    }
    expect(modeOf(path.join(dataDir, SESSION_SECRET_FILE))).toBe(0o600);

    const second = await start(env);
    try {
      const again = new HttpClient(url);
      for (const [name, value] of client.cookies) again.cookies.set(name, value);
      const post = (csrfToken: string) =>
        again.request('POST', '/api/create_campaign/', {
          json: { campaign_name: 'x' },
          csrf: false,
          headers: { 'x-csrftoken': csrfToken },
        });
      // Not CSRF_FAILED: the token signed before the restart still holds (anonymous, so 401).
      expect((await post(token)).body).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect((await post(`${token.slice(0, -4)}AAAA`)).body).toMatchObject({ code: 'CSRF_FAILED' });
    } finally {
      await stop(second);
    }
  });

  it('does not start with a secret file others may read, and says why', async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'z'.repeat(43));
    fs.chmodSync(path.join(dataDir, SESSION_SECRET_FILE), 0o640);
    const running = await start(await envFor(dataDir, await createTestDatabase()));
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Questlog could not start:');
    expect(running.output()).toContain('may be read by other users (mode 0640)');
  });
});
