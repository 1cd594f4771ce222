import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { anonymous, userForApiToken, userForSessionToken, type Viewer } from '../modules/accounts/auth.service';
import { SESSION_COOKIE } from '../http/cookies';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Platform } from '../platform';
import { createServices } from '../services';
import type { GqlContext } from './context';

/**
 * Subscriptions authenticate like HTTP: a bearer token in connection params or the
 * session cookie sent with the upgrade request. Each operation gets its own entity manager.
 */
export async function wsContext(
  ctx: Context<Record<string, unknown> | undefined, Extra>,
  orm: MikroORM,
  platform: Platform,
): Promise<GqlContext> {
  const em = orm.em.fork();
  const viewer = await wsViewer(ctx.extra.request, ctx.connectionParams, em);
  return { viewer, em, services: createServices(em, platform) };
}

async function wsViewer(
  request: IncomingMessage,
  params: Record<string, unknown> | undefined,
  em: ReturnType<MikroORM['em']['fork']>,
): Promise<Viewer> {
  const bearer =
    typeof params?.authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(params.authorization)?.[1] : undefined;
  if (bearer) {
    const user = await userForApiToken(em, bearer);
    return user ? { user, via: 'bearer' } : anonymous;
  }
  const token = parseCookies(request.headers.cookie ?? '')[SESSION_COOKIE];
  // A cookie-authenticated socket opened by another site would ride on the user's session.
  if (!token || !sameOrigin(request)) return anonymous;
  const user = await userForSessionToken(em, token);
  return user ? { user, via: 'cookie' } : anonymous;
}

function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
