import path from 'node:path';
import type { Config } from '../config/config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startTemporalDevServer } from './temporal-dev-server';

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
    let databaseUrl = config.DATABASE_URL;
    if (!databaseUrl) {
      const db = await startEmbeddedPostgres({
        dir: path.join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'questlog',
        log,
      });
      stops.push(db.stop);
      databaseUrl = db.url;
    }
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
