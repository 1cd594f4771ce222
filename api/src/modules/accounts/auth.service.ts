import { createHash, randomBytes } from 'node:crypto';
import { ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken, type ApiTokenScope } from '../../kernel/entities/api-token.entity';
import { Login } from '../../kernel/entities/login.entity';
import { User } from '../../kernel/entities/user.entity';
import { DEVICE_TTL_MS, LOGIN_TTL_MS } from '../../kernel/login-cookies';

/** Prefix of API token secrets, so leaked tokens are recognisable by secret scanners. */
export const API_TOKEN_PREFIX = 'qlt_';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** Creates a server-side login and returns the cookie token (shown only here). */
export async function startLogin(em: EntityManager, user: User): Promise<string> {
  const token = newSecret();
  em.create(Login, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + LOGIN_TTL_MS) });
  await em.flush();
  return token;
}

export async function endLogin(em: EntityManager, token: string): Promise<void> {
  await em.nativeDelete(Login, { tokenHash: sha256(token) });
}

/** The users columns a sign-in reads: every eager one (the lazy password hash stays in the database). */
let signInColumns: string | undefined;
const userColumns = (em: EntityManager) =>
  (signInColumns ??= em
    .getMetadata()
    .get(User.name)
    .props.filter((prop) => prop.kind === ReferenceKind.SCALAR && !prop.lazy && prop.persist !== false)
    .flatMap((prop) => prop.fieldNames)
    .map((column) => `u."${column}"`)
    .join(', '));

/**
 * The user behind a session cookie, or null when it is unknown or expired. Every request asks, so
 * it is one plain query (the login joined to its user) mapped to the user entity.
 */
export async function userForSessionToken(em: EntityManager, token: string): Promise<User | null> {
  const [row] = await em.execute<Array<Record<string, unknown>>>(
    `select ${userColumns(em)} from "login_sessions" s join "users" u on u."id" = s."user_id" ` +
      'where s."token_hash" = ? and s."expires_at" > ?',
    [sha256(token), new Date()],
  );
  return row ? em.map(User, row) : null;
}

/** The user behind a bearer API token and its scope, or null, only reading (no last-used write). */
export async function peekApiToken(
  em: EntityManager,
  secret: string,
): Promise<{ user: User; scope: ApiTokenScope } | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
  return em.findOne(ApiToken, { secretHash: sha256(secret) }, { populate: ['user'] });
}

/** The user behind a bearer API token and the token's scope, or null; records when the token was last used. */
export async function userForApiToken(
  em: EntityManager,
  secret: string,
): Promise<{ user: User; scope: ApiTokenScope } | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
  const token = await em.findOne(ApiToken, { secretHash: sha256(secret) }, { populate: ['user'] });
  if (!token) return null;
  await em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: new Date() });
  return { user: token.user, scope: token.scope };
}

/**
 * Remembers the browser the user just signed in from and returns its device cookie token (shown
 * only here); the user's expired devices go at the same time, so rows do not pile up.
 */
export async function rememberDevice(em: EntityManager, userId: string): Promise<string> {
  const token = newSecret();
  const conn = em.getConnection();
  await conn.execute('delete from known_devices where user_id = ? and expires_at <= now()', [userId]);
  await conn.execute('insert into known_devices (token_hash, user_id, expires_at) values (?, ?, ?)', [
    sha256(token),
    userId,
    new Date(Date.now() + DEVICE_TTL_MS),
  ]);
  return token;
}

/** The hash of `token` when it is an unexpired known device of the account with this e-mail, else null. */
export async function knownDevice(em: EntityManager, email: string, token: string): Promise<string | null> {
  const rows = await em
    .getConnection()
    .execute<Array<{ token_hash: string }>>(
      'select d.token_hash from known_devices d join users u on u.id = d.user_id ' +
        'where d.token_hash = ? and u.email = ? and d.expires_at > now()',
      [sha256(token), email],
    );
  return rows[0]?.token_hash ?? null;
}

export async function forgetDevice(em: EntityManager, tokenHash: string): Promise<void> {
  await em.getConnection().execute('delete from known_devices where token_hash = ?', [tokenHash]);
}
