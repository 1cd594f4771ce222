import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config';
import { startDatabase } from '../runtime/runtime';
import { connectDatabase } from './orm';

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or, when it is unset, to the
 * embedded cluster under DATA_DIR (started for the purpose and stopped again). `npm start` applies
 * them too; this is for deployments that migrate before rolling out new api instances.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await startDatabase(config);
  try {
    const orm = await connectDatabase(db.url);
    const executed = await orm.getMigrator().getExecutedMigrations();
    await orm.close();
    console.log(`Database is up to date (${executed.length} migrations applied in total).`);
  } finally {
    await db.stop();
  }
}

// One sentence, never a stack trace (as `npm start` says it): what failed and, from the runtime, what to do.
main().catch((err) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(err instanceof ConfigError ? message : `The database could not be migrated: ${message}`);
  process.exit(1);
});
