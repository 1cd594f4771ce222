import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { ormConfig } from './orm.config';

/**
 * Connects and applies pending migrations; safe on every start (applied ones are skipped).
 * `overrides` are for tests that need a setting scaled down (the pool's wait in the outage test).
 */
export async function connectDatabase(
  url: string,
  opts: { quiet?: boolean; overrides?: Partial<Options> } = {},
): Promise<MikroORM> {
  const orm = await MikroORM.init(
    ormConfig(url, { ...(opts.quiet ? { logger: () => undefined } : {}), ...opts.overrides }),
  );
  await orm.getMigrator().up();
  return orm;
}
