import path from 'node:path';
import { speechThreads, type Config } from '../config/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';
import { startMailpit } from './mailpit';
import { startSpeechService } from './speech-service';
import { startTemporalDevServer } from './temporal-dev-server';

/** DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR (also used by `npm run db:migrate`). */
export async function startDatabase(
  config: Config,
  log: (line: string) => void = () => undefined,
): Promise<Pick<EmbeddedDatabase, 'url' | 'stop'>> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  return startEmbeddedPostgres({
    dir: path.join(config.DATA_DIR, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    database: 'questlog',
    log,
  });
}

export interface Runtime {
  databaseUrl: string;
  temporalAddress: string;
  temporalUiUrl?: string;
  /** The embedded speech service (…/v1), when this process started one. */
  speechUrl?: string;
  /** The embedded Mailpit, when this process sends mail and SMTP_URL is unset: where to send, where to read. */
  mail?: { smtpUrl: string; httpUrl: string };
  stop(): Promise<void>;
}

/** Whether this process needs an embedded speech service: it runs the worker and nothing else is configured. */
function needsEmbeddedSpeech(config: Config, runsWorker: boolean): boolean {
  return runsWorker && config.SPEECH_TO_TEXT_ENGINE === 'whisper' && !config.STT_URL;
}

/**
 * Embedded defaults for whatever is not configured: PostgreSQL when DATABASE_URL is unset, a
 * Temporal dev server when TEMPORAL_ADDRESS is unset, the speech service when this process runs
 * the worker and STT_URL is unset, Mailpit when it sends mail (the api) and SMTP_URL is unset.
 * Stops only what it started.
 */
export async function startRuntime(
  config: Config,
  log: (line: string) => void = () => undefined,
  { runsWorker = true, sendsMail = true }: { runsWorker?: boolean; sendsMail?: boolean } = {},
): Promise<Runtime> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e) => log(`stop failed: ${(e as Error).message}`));
  };
  try {
    const db = await startDatabase(config, log);
    stops.push(db.stop);
    const databaseUrl = db.url;
    let temporalAddress = config.TEMPORAL_ADDRESS;
    let temporalUiUrl: string | undefined;
    if (!temporalAddress) {
      const temporal = await startTemporalDevServer({
        cli: config.TEMPORAL_CLI,
        dataDir: config.DATA_DIR,
        port: config.TEMPORAL_EMBEDDED_PORT,
        uiPort: config.TEMPORAL_UI_PORT,
        log,
      });
      stops.push(temporal.stop);
      temporalAddress = temporal.address;
      temporalUiUrl = temporal.uiUrl;
    }
    let speechUrl: string | undefined;
    if (needsEmbeddedSpeech(config, runsWorker)) {
      const speech = await startSpeechService({
        python: config.SPEECH_PYTHON,
        port: config.SPEECH_EMBEDDED_PORT,
        model: config.SPEECH_MODEL,
        multilingualModel: config.SPEECH_MODEL_MULTILINGUAL || undefined,
        device: config.SPEECH_DEVICE,
        computeType: config.SPEECH_COMPUTE_TYPE,
        threads: speechThreads(config),
        workers: config.SPEECH_WORKERS,
        niceness: config.BACKGROUND_NICENESS,
        log,
      });
      stops.push(speech.stop);
      speechUrl = speech.url;
    }
    let mail: Runtime['mail'];
    if (sendsMail && !config.SMTP_URL) {
      const mailpit = await startMailpit({
        binary: config.MAILPIT_BINARY,
        smtpPort: config.MAILPIT_SMTP_PORT,
        uiPort: config.MAILPIT_UI_PORT,
        database: path.join(config.DATA_DIR, 'mailpit.db'),
        log,
      });
      stops.push(mailpit.stop);
      mail = { smtpUrl: mailpit.smtpUrl, httpUrl: mailpit.httpUrl };
    }
    return { databaseUrl, temporalAddress, temporalUiUrl, speechUrl, mail, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
