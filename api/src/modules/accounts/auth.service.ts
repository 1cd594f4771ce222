import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiToken } from './api-token.entity';
import { LoginSession } from './login-session.entity';
import type { User } from './user.entity';

export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** Prefix of API token secrets, so leaked tokens are recognisable by secret scanners. */
export const API_TOKEN_PREFIX = 'qlt_';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const newSecret = () => randomBytes(32).toString('base64url');

/** Who is calling, and how they proved it. */
export interface Viewer {
  user: User | null;
  via: 'cookie' | 'bearer' | null;
}

export const anonymous: Viewer = { user: null, via: null };

/** Creates a server-side login session and returns the cookie token (shown only here). */
export async function startLoginSession(em: EntityManager, user: User): Promise<string> {
  const token = newSecret();
  em.create(LoginSession, { tokenHash: sha256(token), user, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  await em.flush();
  return token;
}

export async function endLoginSession(em: EntityManager, token: string): Promise<void> {
  await em.nativeDelete(LoginSession, { tokenHash: sha256(token) });
}

/** The user behind a session cookie, or null when it is unknown or expired. */
export async function userForSessionToken(em: EntityManager, token: string): Promise<User | null> {
  const session = await em.findOne(
    LoginSession,
    { tokenHash: sha256(token), expiresAt: { $gt: new Date() } },
    { populate: ['user'] },
  );
  return session?.user ?? null;
}

/** The user behind a bearer API token, or null; records when the token was last used. */
export async function userForApiToken(em: EntityManager, secret: string): Promise<User | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return null;
  const token = await em.findOne(ApiToken, { secretHash: sha256(secret) }, { populate: ['user'] });
  if (!token) return null;
  await em.nativeUpdate(ApiToken, { id: token.id }, { lastUsedAt: new Date() });
  return token.user;
}
