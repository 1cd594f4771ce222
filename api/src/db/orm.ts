import { MikroORM } from '@mikro-orm/postgresql';
import { ormConfig } from './orm.config';

/** Connects and applies pending migrations; safe on every start (applied ones are skipped). */
export async function connectDatabase(url: string, opts: { quiet?: boolean } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormConfig(url, opts.quiet ? { logger: () => undefined } : {}));
  await orm.getMigrator().up();
  return orm;
}
