import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The file in DATA_DIR that keeps the generated secret. */
export const SESSION_SECRET_FILE = 'session-secret';
/** The config's own minimum for SESSION_SECRET; a shorter file was not written by us. */
const MIN_LENGTH = 32;

/** A secret file we may not use; the message says what to do about it. */
export class SessionSecretError extends Error {}

/**
 * The secret that signs CSRF tokens: SESSION_SECRET when set, otherwise the one kept in
 * DATA_DIR/session-secret, generated on the first start. Restarts keep it, so signed tokens
 * outlive a restart, and no secret lives in the source.
 */
export function resolveSessionSecret(config: { SESSION_SECRET?: string; DATA_DIR: string }): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.resolve(config.DATA_DIR, SESSION_SECRET_FILE);
  return readSecret(file) ?? createSecret(file);
}

/** The kept secret, or undefined when there is none yet; refuses a file others may read. */
function readSecret(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SessionSecretError(`${file} cannot be read (${(err as Error).message}); fix it or set SESSION_SECRET`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new SessionSecretError(`${file} is not a file; remove it or set SESSION_SECRET`);
    // Windows has no POSIX modes to check.
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      const mode = (stat.mode & 0o777).toString(8).padStart(4, '0');
      throw new SessionSecretError(
        `${file} may be read by other users (mode ${mode}); run chmod 600 on it, or remove it to generate a new one`,
      );
    }
    const secret = fs.readFileSync(fd, 'utf8').trim();
    if (secret.length < MIN_LENGTH) {
      throw new SessionSecretError(
        `${file} holds fewer than ${MIN_LENGTH} characters; remove it to generate a new one, or set SESSION_SECRET`,
      );
    }
    return secret;
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Writes a new secret to a private temporary file (O_EXCL, mode 0600) and links it into place:
 * the link either appears whole or fails because another start got there first, in which case
 * that start's secret is the one everybody uses.
 */
function createSecret(file: string): string {
  // The directory keeps its default mode: the file itself is 0600, and DATA_DIR also holds the
  // embedded PostgreSQL's data, which runs as its own user when we are root and must reach it.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temp, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readSecret(file) ?? secret;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
