import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../kernel/viewer';
import type { LoginCookies } from '../kernel/login-cookies';
import type { Services } from '../services';

/** What every resolver receives: the caller, a request-scoped entity manager and the services. */
export interface GqlContext {
  viewer: Viewer;
  em: EntityManager;
  services: Services;
  /** The HTTP exchange; absent on WebSocket operations (no cookies to set, no multipart body). */
  cookies?: LoginCookies;
  req?: Request;
  res?: Response;
  /** WebSocket operations only: proves the caller again, before each subscription update. */
  reauthenticate?: (em: EntityManager) => Promise<Viewer>;
}
