import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../modules/accounts/auth.service';
import type { SessionCookies } from '../http/cookies';
import type { Services } from '../services';

/** What every resolver receives: the caller, a request-scoped entity manager and the services. */
export interface GqlContext {
  viewer: Viewer;
  em: EntityManager;
  services: Services;
  /** Absent on WebSocket operations, which cannot set cookies. */
  cookies?: SessionCookies;
  req?: Request;
  res?: Response;
}
