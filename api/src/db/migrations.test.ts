import type { MikroORM } from '@mikro-orm/postgresql';
import { createTestDatabase } from '../../test/app';
import { migrationsList } from './migrations';
import { connectDatabase } from './orm';

async function tables(orm: MikroORM): Promise<string[]> {
  const rows = await orm.em
    .fork()
    .getConnection()
    .execute<Array<{ table_name: string }>>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
  return rows.map((r) => r.table_name);
}

describe('migrations (applied at every start)', () => {
  it('are idempotent: a second start on the same database applies nothing and changes no table', async () => {
    const url = await createTestDatabase();
    const first = await connectDatabase(url, { quiet: true });
    const before = await tables(first);
    await first.close();

    const second = await connectDatabase(url, { quiet: true });
    try {
      expect(await tables(second)).toEqual(before);
      expect(await second.getMigrator().getPendingMigrations()).toEqual([]);
      const executed = await second.getMigrator().getExecutedMigrations();
      expect(executed.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      await second.close();
    }
  });

  it('create every table the entities map to', async () => {
    const orm = await connectDatabase(await createTestDatabase(), { quiet: true });
    try {
      const present = await tables(orm);
      const mapped = Object.values(orm.getMetadata().getAll())
        .filter((meta) => !meta.abstract && !meta.embeddable && !meta.virtual)
        .map((meta) => meta.tableName);
      expect(present).toEqual(expect.arrayContaining(mapped));
    } finally {
      await orm.close();
    }
  });
});
