import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../test/free-port';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

/** A private folder, as a home folder is (mkdtemp makes it 0700), with a space in its path. */
function privateFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog pg-'));
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  return dir;
}

/** Processes whose command line names `dir` (a PostgreSQL still running on it). */
function processesOn(dir: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'args=']).toString().split('\n');
  return lines.filter((l) => l.includes(dir) && !l.startsWith('ps '));
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

// Tests run as root here, so this is the case of a clone in root's home: PostgreSQL runs as the
// postgres user, who cannot enter the folder.
test('starts from a private folder with a space in its path, keeps its data across a restart, and stops', async () => {
  const home = privateFolder();
  const dir = path.join(home, 'my data', 'postgres');
  const port = await freePort();
  let db: EmbeddedDatabase | undefined;
  try {
    db = await startEmbeddedPostgres({ dir, port, database: 'questlog_private' });
    await query(db.url, "CREATE TABLE note (text text); INSERT INTO note VALUES ('kept')");
    await db.stop();
    expect(processesOn(db.dir)).toEqual([]);

    db = await startEmbeddedPostgres({ dir, port, database: 'questlog_private' });
    expect(await query(db.url, 'SELECT text FROM note')).toEqual([{ text: 'kept' }]);
    await db.stop();
    expect(processesOn(db.dir)).toEqual([]);
  } finally {
    await db?.stop();
    if (db) fs.rmSync(db.dir, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
}, 60_000);

test('a cluster folder it cannot use stops the start with one sentence saying what to do', async () => {
  const home = privateFolder();
  const dir = path.join(home, 'postgres');
  // Not a cluster, and not empty: neither initdb nor the relocation to the store may take it.
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
  try {
    const started = startEmbeddedPostgres({ dir, port: await freePort(), database: 'questlog_private' });
    const error = (await started.then(
      () => undefined,
      (e: unknown) => e,
    )) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/set DATABASE_URL/);
    expect(error.message).toMatch(/\.$/);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
}, 60_000);
