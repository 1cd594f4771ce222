import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_BACKGROUND_NICENESS } from '../src/adapters/process/run-command';
import { startEmbeddedPostgres } from '../src/runtime/embedded-postgres';
import { startMailpit } from '../src/runtime/mailpit';
import { startSpeechService } from '../src/runtime/speech-service';
import { startTemporalDevServer } from '../src/runtime/temporal-dev-server';
import { freePort } from './free-port';
import { startStripeMock } from './stripe-mock';
import { RUNTIME_ENV, TEMPLATE_DB, type TestRuntime } from './runtime-file';

const tools = path.resolve(__dirname, '../../.tools');

/**
 * Once per `jest` run: a throw-away PostgreSQL cluster, a Temporal dev server (unless
 * TEMPORAL_ADDRESS names one), the real speech service with the default models and stripe-mock
 * (the billing tests' Stripe) and Mailpit (every test app's SMTP server; tests read the mail
 * through its API, test/mailpit.ts). No MikroORM here: initialising it in global setup breaks later
 * inits in the same process (mikro-orm#3783); the first test app of the run migrates a template that
 * every app's database is copied from instead (test/app.ts).
 */
export default async function globalSetup(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-test-'));
  fs.chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const pgPort = await freePort();
  const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: pgPort, database: TEMPLATE_DB });
  const temporal = process.env.TEMPORAL_ADDRESS
    ? undefined
    : await startTemporalDevServer({
        cli: path.resolve(__dirname, '../../.tools/temporal'),
        dataDir: dir,
        port: await freePort(),
        uiPort: await freePort(),
      });
  const speech = await startSpeechService({
    python: path.join(tools, 'speech/bin/python'),
    port: await freePort(),
    model: path.join(tools, 'speech-models/whisper-base'),
    device: 'cpu',
    computeType: 'int8',
    threads: 2,
    workers: 2,
    // As the product runs it: below the test processes, as below the api.
    niceness: DEFAULT_BACKGROUND_NICENESS,
  });
  const stripe = await startStripeMock({ binary: path.join(tools, 'stripe-mock'), port: await freePort() });
  const mailpit = await startMailpit({
    binary: path.join(tools, 'mailpit'),
    smtpPort: await freePort(),
    uiPort: await freePort(),
  });
  const runtime: TestRuntime = {
    dir,
    templateUrl: db.url,
    temporalAddress: temporal?.address ?? process.env.TEMPORAL_ADDRESS!,
    speechUrl: speech.url,
    stripeApiBase: stripe.url,
    smtpUrl: mailpit.smtpUrl,
    mailpitUrl: mailpit.httpUrl,
  };
  process.env[RUNTIME_ENV] = JSON.stringify(runtime);
  (globalThis as Record<string, unknown>).__questlogStop = async () => {
    await mailpit.stop();
    await stripe.stop();
    await speech.stop();
    await temporal?.stop();
    await db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
