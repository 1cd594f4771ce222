import { DataloaderType } from '@mikro-orm/core';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations';

/** MikroORM settings shared by the api, the worker, the migration CLI and the tests. */
export function ormConfig(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    // Lists of campaigns with their sessions must cost a constant number of queries.
    dataloader: DataloaderType.ALL,
    // Every request works in its own forked entity manager (RequestContext); the global one is a bug.
    allowGlobalContext: false,
    forceUtcTimezone: true,
    migrations: { migrationsList, transactional: true, allOrNothing: true },
    pool: { min: 0, max: 10 },
    debug: false,
    ...overrides,
  });
}
