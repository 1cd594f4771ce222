import 'reflect-metadata';
import os from 'node:os';
import { startApp, type Role, type RunningApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/config';

/**
 * `npm start`: the whole app in this process (see app.ts); `node api/dist/main.js worker`: only the
 * Temporal worker (docker-compose's worker service). This file owns the process: signals, exit
 * codes and the console. Ctrl-C / SIGTERM / SIGHUP stop every child process before exiting.
 */
function main(): void {
  const role = parseRole(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  }
  // A worker on the same machine as an api is batch work: people's requests come first, as they do
  // over ffmpeg and the speech service. (The main thread and the threads started after it, such as
  // the Temporal runtime's; it changes nothing where the worker has a machine of its own.)
  if (role === 'worker' && config.BACKGROUND_NICENESS > os.getPriority()) os.setPriority(config.BACKGROUND_NICENESS);
  const verbose = process.env.QUESTLOG_VERBOSE === '1';
  const starting: Promise<RunningApp> = startApp(config, verbose ? (l) => console.log(l) : undefined, role);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now": the exit hooks still signal the child processes.
      process.exit(130);
    }
    stopping = true;
    console.log(`${signal}: stopping`);
    const app = await starting.catch(() => undefined);
    await app?.stop();
    // The Temporal SDK's native runtime can keep the event loop alive after everything is closed.
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));

  starting.then(
    (app) => {
      if (stopping) return;
      if (app.url) console.log(`Questlog is running at http://localhost:${new URL(app.url).port}`);
      else console.log('Questlog worker is running');
      if (app.temporalUiUrl) console.log(`Temporal Web UI: ${app.temporalUiUrl}`);
      if (app.mailUrl) console.log(`Mail inbox (Mailpit; nothing is delivered until SMTP_URL is set): ${app.mailUrl}`);
    },
    (err: unknown) => {
      // startApp has already stopped whatever it had started.
      console.error(`Questlog could not start: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}

function parseRole(args: string[]): Role {
  if (args.length === 0) return 'all';
  if (args.length === 1 && args[0] === 'worker') return 'worker';
  console.error(`usage: node api/dist/main.js [worker]   (got: ${args.join(' ')})`);
  process.exit(2);
}

main();
