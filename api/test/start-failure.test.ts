import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { processesUsing, spawnEntry } from './entry-process';
import { freePort } from './free-port';

test('npm start with the PostgreSQL port taken exits 1 and says which port, with PostgreSQL’s words', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-start-failure-'));
  fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
  const pgPort = await freePort();
  const squatter = net.createServer().listen(pgPort, '127.0.0.1');
  await new Promise((resolve) => squatter.once('listening', resolve));
  try {
    const started = spawnEntry('api/src/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      WEB_DIST: '',
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
  } finally {
    squatter.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);

test('npm start with Mailpit’s SMTP port taken exits 1 saying so, and stops what it had started', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-start-failure-mail-'));
  fs.chmodSync(dataDir, 0o755);
  const smtpPort = await freePort();
  const squatter = net.createServer().listen(smtpPort, '127.0.0.1');
  await new Promise((resolve) => squatter.once('listening', resolve));
  try {
    const started = spawnEntry('api/src/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      WEB_DIST: '',
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
  } finally {
    squatter.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 90_000);
