import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { anonymous, type Viewer, type ViewerLookup } from '../kernel/viewer';
import { LOGIN_COOKIE } from '../http/cookies';
import type { Services } from '../services';
import type { GqlContext } from './context';

/** What the socket proved itself with; kept so every subscription update can ask again. */
type Credential = { via: 'bearer'; secret: string } | { via: 'cookie'; token: string } | null;

/**
 * Subscriptions authenticate like HTTP: a bearer token in connection params or the
 * session cookie sent with the upgrade request. Each operation gets its own entity manager, and
 * a way to check the same credential again (a subscription may outlive a logout or a revoked token).
 */
export async function wsContext(
  ctx: Context<Record<string, unknown> | undefined, Extra>,
  orm: MikroORM,
  lookup: ViewerLookup,
  servicesFor: (em: EntityManager) => Services,
): Promise<GqlContext> {
  const em = orm.em.fork();
  const credential = credentialOf(ctx.extra.request, ctx.connectionParams);
  const viewer = await viewerFor(lookup, credential, em, true);
  return {
    viewer,
    em,
    services: servicesFor(em),
    reauthenticate: (fresh) => viewerFor(lookup, credential, fresh, false),
  };
}

function credentialOf(request: IncomingMessage, params: Record<string, unknown> | undefined): Credential {
  const bearer =
    typeof params?.authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(params.authorization)?.[1] : undefined;
  if (bearer) return { via: 'bearer', secret: bearer };
  const token = parseCookies(request.headers.cookie ?? '')[LOGIN_COOKIE];
  // A cookie-authenticated socket opened by another site would ride on the user's session.
  if (!token || !sameOrigin(request)) return null;
  return { via: 'cookie', token };
}

/**
 * The user behind the credential now. `recordUse` marks an API token as used when an operation
 * starts; the per-update re-checks only read (one small query each, no write per update).
 */
async function viewerFor(
  lookup: ViewerLookup,
  credential: Credential,
  em: EntityManager,
  recordUse: boolean,
): Promise<Viewer> {
  if (!credential) return anonymous;
  if (credential.via === 'cookie') {
    const user = await lookup.userForSessionToken(em, credential.token);
    return user ? { user, via: 'cookie' } : anonymous;
  }
  const token = await (recordUse ? lookup.userForApiToken : lookup.peekApiToken)(em, credential.secret);
  return token ? { user: token.user, via: 'bearer', scope: token.scope } : anonymous;
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
