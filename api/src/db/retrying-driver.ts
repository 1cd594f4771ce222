import type { Configuration, EntityData, AnyEntity, LoggingOptions, Transaction } from '@mikro-orm/core';
import {
  AbstractSqlDriver,
  PostgreSqlConnection,
  PostgreSqlPlatform,
  type Knex,
  type QueryResult,
} from '@mikro-orm/postgresql';
import { isDatabaseUnavailable } from './connection-errors';

/** A plain SELECT (what MikroORM's reads are); a WITH may hide a data-modifying statement. */
const READ_ONLY = /^\s*select\b/i;

/**
 * A read outside a transaction that was in flight when its connection went (PostgreSQL restarted
 * or the link dropped) is run once more: the pool has dropped the dead connection, so the retry
 * waits for a fresh one (ormConfig's pool waits out a restart). Reading twice cannot change
 * anything; writes and anything inside a transaction are never repeated here (a transaction's
 * earlier statements went with the connection), and fail as UNAVAILABLE for the caller to retry.
 */
export class RetryingConnection extends PostgreSqlConnection {
  override async execute<
    T extends QueryResult | EntityData<AnyEntity> | EntityData<AnyEntity>[] = EntityData<AnyEntity>[],
  >(
    queryOrKnex: string | Knex.QueryBuilder | Knex.Raw,
    params?: unknown[],
    method?: 'all' | 'get' | 'run',
    ctx?: Transaction,
    loggerContext?: LoggingOptions,
  ): Promise<T> {
    try {
      return await super.execute<T>(queryOrKnex, params, method, ctx, loggerContext);
    } catch (err) {
      const sql = typeof queryOrKnex === 'string' ? queryOrKnex : '';
      if (ctx || method === 'run' || !READ_ONLY.test(sql) || !isDatabaseUnavailable(err)) throw err;
      return super.execute<T>(queryOrKnex, params, method, ctx, loggerContext);
    }
  }
}

/** MikroORM's PostgreSQL driver with RetryingConnection (ormConfig's `driver`). */
export class RetryingPostgreSqlDriver extends AbstractSqlDriver<RetryingConnection, PostgreSqlPlatform> {
  constructor(config: Configuration) {
    super(config, new PostgreSqlPlatform(), RetryingConnection, ['knex', 'pg']);
  }
}
