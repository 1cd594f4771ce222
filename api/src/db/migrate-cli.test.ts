import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase } from '../../test/app';
import { processesUsing, spawnEntry } from '../../test/entry-process';
import { freePort } from '../../test/free-port';
import { migrationsList } from './migrations';

async function runMigrate(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const run = spawnEntry('api/src/db/migrate-cli.ts', env);
  const code = await run.exited;
  return { code, output: run.output() };
}

describe('npm run db:migrate', () => {
  it('migrates DATABASE_URL, and a second run is a no-op', async () => {
    const url = await createTestDatabase();
    for (let run = 0; run < 2; run++) {
      const { code, output } = await runMigrate({ DATABASE_URL: url });
      expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('Database is up to date') });
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query('select name from mikro_orm_migrations order by id');
    await client.end();
    expect(rows.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name));
  }, 60_000);

  it('without DATABASE_URL migrates the embedded cluster under DATA_DIR and stops it again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-migrate-'));
    fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user
    try {
      const { code, output } = await runMigrate({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
      expect({ code, output }).toMatchObject({ code: 0, output: expect.stringContaining('Database is up to date') });
      expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(processesUsing(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('says in one sentence why it could not migrate, with no stack trace', async () => {
    const url = `postgres://questlog:secret@127.0.0.1:${await freePort()}/nowhere`;
    const { code, output } = await runMigrate({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(output).toMatch(/^The database could not be migrated: /m);
    expect(output).not.toMatch(/^\s+at /m);
  }, 60_000);
});
