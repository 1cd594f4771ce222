import 'reflect-metadata';
import { Connection } from '@temporalio/client';
import { ConfigError, loadConfig } from './config/config';
import { connectDatabase } from './db/orm';
import { startRuntime } from './runtime/runtime';
import { startServer } from './server';
import { startWorker } from './worker/worker';

/** `npm start`: embedded services where none are configured, migrations, then the api on one origin. */
async function main(): Promise<void> {
  const config = loadConfig();
  const verbose = process.env.QUESTLOG_VERBOSE === '1';
  const runtime = await startRuntime(config, verbose ? (l) => console.log(l) : undefined);
  const cleanups: Array<() => Promise<unknown>> = [runtime.stop];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    for (const c of cleanups.reverse()) await c().catch((e) => console.error(e));
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    const orm = await connectDatabase(runtime.databaseUrl);
    cleanups.push(() => orm.close());
    const temporal = await Connection.connect({ address: runtime.temporalAddress });
    cleanups.push(() => temporal.close());
    if (config.RUN_WORKER) {
      const worker = await startWorker({
        orm,
        temporalAddress: runtime.temporalAddress,
        namespace: config.TEMPORAL_NAMESPACE,
        client: temporal,
      });
      cleanups.push(worker.stop);
    }
    const server = await startServer({ config, orm, temporal });
    cleanups.push(server.close);
    console.log(`Questlog is running at http://localhost:${config.PORT}`);
    if (runtime.temporalUiUrl) console.log(`Temporal Web UI: ${runtime.temporalUiUrl}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown('startup failure');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
