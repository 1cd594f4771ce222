import path from 'node:path';
import type { Config } from '../config/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';
import { startTemporalDevServer } from './temporal-dev-server';

/** DATABASE_URL when set; otherwise the embedded cluster under DATA_DIR (also used by `npm run db:migrate`). */
export async function startDatabase(
  config: Config,
  log: (line: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
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
  stop(): Promise<void>;
}

/**
 * Embedded defaults for whatever is not configured: PostgreSQL when DATABASE_URL is unset, a
 * Temporal dev server when TEMPORAL_ADDRESS is unset. Stops only what it started.
 */
export async function startRuntime(config: Config, log: (line: string) => void = () => undefined): Promise<Runtime> {
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
    return { databaseUrl, temporalAddress, temporalUiUrl, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
