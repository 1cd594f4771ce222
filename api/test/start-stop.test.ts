import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { processesUsing, spawnEntry, type EntryProcess } from './entry-process';
import { freePort } from './free-port';
import { HttpClient } from './http-client';
import { registration } from './accounts';
import { DEFAULT_BACKGROUND_NICENESS } from '../src/adapters/process/run-command';

/** Above the sum of the app's own bounds on its start steps; only a hang guard. */
const STARTS_WITHIN_MS = 300_000;
jest.setTimeout(STARTS_WITHIN_MS + 90_000);

describe('npm start: the real process with the embedded defaults', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let pgPort: number;
  let speechPort: number;
  let mailPort: number;
  let running: EntryProcess | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-start-stop-'));
    fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    pgPort = await freePort();
    speechPort = await freePort();
    mailPort = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      WEB_DIST: '',
      EMBEDDED_PG_PORT: String(pgPort),
      TEMPORAL_EMBEDDED_PORT: String(await freePort()),
      TEMPORAL_UI_PORT: String(await freePort()),
      SPEECH_EMBEDDED_PORT: String(speechPort),
      MAILPIT_SMTP_PORT: String(await freePort()),
      MAILPIT_UI_PORT: String(mailPort),
    };
  });
  /** Whatever a failed test left running, so the next test does not fail on its ports and data. */
  const killLeftovers = async () => {
    if (running?.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    for (const line of [...processesUsing(dataDir), ...speechService()]) {
      try {
        process.kill(Number(line.trim().split(/\s+/)[0]), 'SIGKILL');
      } catch {
        // gone between ps and the kill
      }
    }
  };
  afterEach(killLeftovers);
  afterAll(async () => {
    await killLeftovers();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * The real entry point (what `npm start` runs once built), started until it reports. The app
   * bounds each start step itself (Temporal 60 s, the speech service 120 s, Mailpit 60 s), so the
   * test waits for its verdict rather than a shorter clock of its own: on a busy CI machine a first
   * start (initdb, migrations, the Whisper model loading) took over a minute and was cut off.
   */
  const startMain = async (extra: Record<string, string> = {}, args: string[] = []) => {
    const started = spawnEntry('api/src/main.ts', { ...env, ...extra }, args);
    await started.waitFor(/is running|could not start|Invalid configuration/, STARTS_WITHIN_MS);
    return started;
  };

  const sql = async (text: string, values: unknown[] = []) => {
    const url = `postgresql://questlog:questlog-embedded@127.0.0.1:${pgPort}/questlog`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows;
    } finally {
      await client.end();
    }
  };

  /** The embedded speech service's process (its command line names its port, not DATA_DIR). */
  const speechService = () => processesUsing(`questlog_speech --host 127.0.0.1 --port ${speechPort} `);

  /** No child of the app is left: PostgreSQL, Temporal and Mailpit (by DATA_DIR), the speech service. */
  const expectNothingLeft = () => {
    expect(processesUsing(dataDir)).toEqual([]);
    expect(speechService()).toEqual([]);
  };

  it('serves /healthz with PostgreSQL, Temporal, the speech service and the worker up; SIGTERM stops every child and exits 0', async () => {
    running = await startMain();
    expect(running.output()).toContain(`Questlog is running at http://localhost:${env.PORT}`);
    expect(processesUsing(dataDir).join('\n')).toMatch(/bin\/postgres/);
    expect(processesUsing(dataDir).join('\n')).toMatch(/temporal server start-dev/);
    expect(speechService()).toHaveLength(1);
    expect((await fetch(`http://127.0.0.1:${speechPort}/health`)).status).toBe(200);
    const health = await fetch(`http://127.0.0.1:${env.PORT}/healthz`);
    expect(health.status).toBe(200);
    await sql(`insert into newsletter_subscribers (id, created_at, updated_at, email)
               values (gen_random_uuid(), now(), now(), 'survivor@example.com')`);
    // Mail reaches the embedded Mailpit, whose address the start printed; the link names the app.
    const mailpit = `http://127.0.0.1:${mailPort}`;
    expect(await running.waitFor(new RegExp(`Mail inbox \\(Mailpit.*\\): ${mailpit}`))).toBe(true);
    expect(processesUsing(dataDir).join('\n')).toMatch(/mailpit --smtp/);
    // The inbox page's own script is there (setup.sh builds it: Mailpit's Go module lacks it).
    expect((await fetch(`${mailpit}/dist/app.js`)).status).toBe(200);
    const client = new HttpClient(`http://127.0.0.1:${env.PORT}`);
    const account = registration();
    expect((await client.post('/register/', account)).status).toBe(201);
    expect((await new HttpClient(client.baseUrl).post('/api/request-password-reset/', account)).status).toBe(200);
    const newest = async () => {
      const res = await fetch(`${mailpit}/view/latest.txt`);
      return res.ok ? res.text() : '';
    };
    for (let i = 0; i < 100 && !(await newest()).includes('reset-password'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await newest()).toContain(`http://localhost:${env.PORT}/reset-password?token=`);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expectNothingLeft();
  });

  it('keeps the data across a restart on the same DATA_DIR; Ctrl-C (SIGINT to the whole process group) stops everything, no step waiting out its bound', async () => {
    running = await startMain();
    expect(running.output()).toContain('Questlog is running at');
    expect(await sql('select email from newsletter_subscribers')).toEqual([{ email: 'survivor@example.com' }]);

    // The children get the SIGINT too and may be gone before the app stops them: no waiting on them.
    // A step that waited on a gone child would be cut off by app.ts's bound and say "stopping X failed".
    running.interruptGroup();
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('SIGINT: stopping');
    expect(running.output()).not.toMatch(/stopping .* failed/);
    expectNothingLeft();
  });

  it('runs only the Temporal worker with the `worker` argument (docker-compose worker), no HTTP server', async () => {
    running = await startMain({}, ['worker']);
    expect(running.output()).toContain('Questlog worker is running');
    await expect(fetch(`http://127.0.0.1:${env.PORT}/healthz`)).rejects.toThrow();
    // The worker transcribes, so this role starts the embedded speech service too; it sends no mail.
    expect(speechService()).toHaveLength(1);
    expect(processesUsing(dataDir).join('\n')).not.toMatch(/mailpit/);
    // Batch work: on a machine shared with an api, people's requests get the processor first.
    expect(os.getPriority(running.child.pid)).toBe(DEFAULT_BACKGROUND_NICENESS);
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expectNothingLeft();
  });

  it('exits 1 with the reason, without hanging or leaving PostgreSQL behind, when Temporal is unreachable', async () => {
    const closed = await freePort();
    running = await startMain({ TEMPORAL_ADDRESS: `127.0.0.1:${closed}` });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain(`Questlog could not start: Temporal at 127.0.0.1:${closed}`);
    expect(processesUsing(dataDir)).toEqual([]);
  });

  it('refuses a bad configuration with every problem listed and starts nothing', async () => {
    running = await startMain({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/PORT:[\s\S]*DATABASE_URL:|DATABASE_URL:[\s\S]*PORT:/);
    expect(processesUsing(dataDir)).toEqual([]);
  });
});
