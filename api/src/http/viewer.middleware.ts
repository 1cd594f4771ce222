import type { Request, RequestHandler } from 'express';
import { RequestContext } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { anonymous, type Viewer, type ViewerLookup } from '../kernel/viewer';
import { unauthenticated } from '../kernel/errors';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { LOGIN_COOKIE } from './cookies';

declare module 'express-serve-static-core' {
  interface Request {
    viewer: Viewer;
  }
}

/** The request-scoped entity manager (RequestContext middleware runs first). */
export function requestEm(): EntityManager {
  const em = RequestContext.getEntityManager();
  if (!em) throw new Error('No RequestContext: requestEm() used outside a request');
  return em as EntityManager;
}

/**
 * Works out who is calling: a bearer API token wins over the session cookie. A bearer header that
 * does not match a token is refused outright rather than silently treated as anonymous.
 */
export function resolveViewer(lookup: ViewerLookup): RequestHandler {
  return async (req, _res, next) => {
    try {
      await retryOnce(() => identify(req, lookup));
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Every request reads its viewer first, so when PostgreSQL restarts this is where a request meets
 * the connection that died under it; the lookup only reads, so one more try on a fresh connection
 * is safe and turns the restart into a short wait.
 */
async function retryOnce(read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    await read();
  }
}

/** Who is calling: a bearer API token wins over the session cookie. */
async function identify(req: Request, { userForApiToken, userForSessionToken }: ViewerLookup): Promise<void> {
  req.viewer = anonymous;
  const auth = req.get('authorization');
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth);
    const token = match ? await userForApiToken(requestEm(), match[1]) : null;
    if (!token) throw unauthenticated('Invalid API token');
    req.viewer = { user: token.user, via: 'bearer', scope: token.scope };
    return;
  }
  const token = req.cookies?.[LOGIN_COOKIE] as string | undefined;
  if (token) {
    const user = await userForSessionToken(requestEm(), token);
    if (user) req.viewer = { user, via: 'cookie' };
  }
}
