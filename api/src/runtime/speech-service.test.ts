import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../test/free-port';
import { eventually } from '../../test/processing';
import { startSpeechService, type SpeechServiceOptions } from './speech-service';

const tools = path.resolve(__dirname, '../../../.tools');
const TINY_EN = path.join(tools, 'speech-models/whisper-tiny.en');

const options = async (overrides: Partial<SpeechServiceOptions> = {}): Promise<SpeechServiceOptions> => ({
  python: path.join(tools, 'speech/bin/python'),
  port: await freePort(),
  model: TINY_EN,
  device: 'cpu',
  computeType: 'int8',
  threads: 1,
  workers: 1,
  niceness: 10,
  ...overrides,
});

/** Pids of speech service processes listening on `port`. */
function servicePids(port: number): number[] {
  try {
    return execFileSync('pgrep', ['-f', `questlog_speech .*--port ${port} `])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
}

test('starts warm, answers the OpenAI protocol, and leaves no process behind when stopped', async () => {
  const opts = await options();
  const service = await startSpeechService(opts);
  try {
    expect(service.url).toBe(`http://127.0.0.1:${opts.port}/v1`);
    const health = await fetch(`http://127.0.0.1:${opts.port}/health`);
    expect(health.status).toBe(200);
    const models = (await (await fetch(`${service.url}/models`)).json()) as { object: string };
    expect(models.object).toBe('list');
    expect(servicePids(opts.port)).toHaveLength(1);
    // Below the api's priority, every thread of it (the model's too: they started after the change).
    const [pid] = servicePids(opts.port);
    const threads = readdirSync(`/proc/${pid}/task`).map(Number);
    expect(threads.length).toBeGreaterThan(1);
    expect(new Set(threads.map((tid) => os.getPriority(tid)))).toEqual(new Set([Math.max(10, os.getPriority())]));
  } finally {
    await service.stop();
  }
  expect(servicePids(opts.port)).toEqual([]);
});

test('a service that dies while the app runs is started again', async () => {
  const logs: string[] = [];
  const opts = await options({ log: (line) => logs.push(line) });
  const service = await startSpeechService(opts);
  try {
    const [first] = servicePids(opts.port);
    process.kill(first, 'SIGKILL');
    const second = await eventually(async () => {
      const [pid] = servicePids(opts.port);
      if (!pid || pid === first) throw new Error('not restarted yet');
      const res = await fetch(`http://127.0.0.1:${opts.port}/health`);
      if (!res.ok) throw new Error(`health ${res.status}`);
      return pid;
    }, 30_000);
    expect(second).not.toBe(first);
    expect(logs.join('\n')).toMatch(/speech service exited .*starting it again/);
  } finally {
    await service.stop();
  }
  expect(servicePids(opts.port)).toEqual([]);
});

test('a model file that fails its hash check stops the start with a clear message', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'speech-model-'));
  try {
    const model = path.join(dir, 'tampered');
    await fs.mkdir(model);
    for (const file of await fs.readdir(TINY_EN)) await fs.symlink(path.join(TINY_EN, file), path.join(model, file));
    await fs.rm(path.join(model, 'SHA256SUMS'));
    const sums = await fs.readFile(path.join(TINY_EN, 'SHA256SUMS'), 'utf8');
    await fs.writeFile(path.join(model, 'SHA256SUMS'), sums.replace(/^\w+(\s+model\.bin)$/m, `${'0'.repeat(64)}$1`));
    const opts = await options({ model });
    await expect(startSpeechService(opts)).rejects.toThrow(
      /Speech service could not start: .*model\.bin.* failed its hash check .*setup\.sh/,
    );
    expect(servicePids(opts.port)).toEqual([]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('a missing installation or model says what to run', async () => {
  await expect(startSpeechService(await options({ python: '/nonexistent/python' }))).rejects.toThrow(
    /Speech service not installed at \/nonexistent\/python: run "bash scripts\/setup.sh" or set STT_URL/,
  );
  await expect(startSpeechService(await options({ model: '/nonexistent/model' }))).rejects.toThrow(
    /Speech model not found at \/nonexistent\/model/,
  );
});
