import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { processesUsing, spawnEntry } from './entry-process';
import { freePort } from './free-port';

/** Runs `start` with a fresh data folder and `port` held by another listener, and removes both after. */
async function withPortTaken(name: string, start: (port: number, dataDir: string) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `questlog-${name}-`));
  fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
  const port = await freePort();
  const squatter = net.createServer().listen(port, '127.0.0.1');
  await new Promise((resolve) => squatter.once('listening', resolve));
  try {
    await start(port, dataDir);
  } finally {
    squatter.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm start` on a data folder of its own, the web port free, no web build; `env` adds the rest. */
async function spawnApp(dataDir: string, env: Record<string, string>) {
  return spawnEntry('api/src/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    WEB_DIST: '',
    ...env,
  });
}

test('npm start with the PostgreSQL port taken exits 1 and says which port, with PostgreSQL’s words', async () => {
  await withPortTaken('start-failure', async (pgPort, dataDir) => {
    const started = await spawnApp(dataDir, {
      EMBEDDED_PG_PORT: String(pgPort),
      TEMPORAL_EMBEDDED_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      MAILPIT_SMTP_PORT: String(await freePort()),
      MAILPIT_UI_PORT: String(await freePort()),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain(`Questlog could not start:`);
    expect(started.output()).toContain(`is port ${pgPort} in use`);
    expect(started.output()).toMatch(/Address already in use|could not bind|could not create/i);
    expect(processesUsing(dataDir)).toEqual([]);
  });
}, 90_000);

test('npm start with Mailpit’s SMTP port taken exits 1 saying so, and stops what it had started', async () => {
  await withPortTaken('start-failure-mail', async (smtpPort, dataDir) => {
    const started = await spawnApp(dataDir, {
      RUN_WORKER: 'false',
      EMBEDDED_PG_PORT: String(await freePort()),
      // Never reached: the start fails at Mailpit, before it connects to Temporal.
      TEMPORAL_ADDRESS: '127.0.0.1:9',
      MAILPIT_SMTP_PORT: String(smtpPort),
      MAILPIT_UI_PORT: String(await freePort()),
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('Questlog could not start: Mailpit exited');
    expect(started.output()).toContain(`127.0.0.1:${smtpPort}`);
    // The embedded PostgreSQL had started before it: it is stopped.
    expect(processesUsing(dataDir)).toEqual([]);
  });
}, 90_000);
