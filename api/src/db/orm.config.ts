import { DataloaderType, DefaultLogger, type LogContext, type LoggerNamespace } from '@mikro-orm/core';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from '../kernel/entities/registry';
import { migrationsList } from './migrations';
import { RetryingPostgreSqlDriver } from './retrying-driver';

/**
 * MikroORM inlines the values into the SQL it runs (a new user's password hash, anything typed).
 * Query logging — debug: true, MIKRO_ORM_DEBUG, a per-query `logging` option — may show the SQL
 * with its placeholders, never with the values.
 */
class ParameterFreeLogger extends DefaultLogger {
  override isEnabled(namespace: LoggerNamespace, context?: LogContext): boolean {
    return namespace !== 'query-params' && super.isEnabled(namespace, context);
  }
}

/** MikroORM settings shared by the api, the worker, the migration CLI and the tests. */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    // PostgreSQL's driver, with a read cut off by a lost connection run once more (retrying-driver.ts).
    driver: RetryingPostgreSqlDriver,
    entities,
    extensions: [Migrator],
    // Lists of campaigns with their sessions must cost a constant number of queries.
    dataloader: DataloaderType.ALL,
    // Every request works in its own forked entity manager (RequestContext); the global one is a bug.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: { migrationsList, transactional: true, allOrNothing: true },
    // While PostgreSQL restarts (seconds), a request waits for a connection instead of failing at
    // once: a refused connect is retried until acquireTimeoutMillis, then the request gets a 503.
    pool: { min: 0, max: 10, propagateCreateError: false, acquireTimeoutMillis: 15_000 },
    debug: false,
    ...overrides,
    loggerFactory: (options) => new ParameterFreeLogger(options),
  });
}
