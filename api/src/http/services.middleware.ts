import type { RequestHandler } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../services';
import { requestEm } from './viewer.middleware';

declare module 'express-serve-static-core' {
  interface Request {
    /** This request's services (built on first use), for GraphQL and the REST shims alike. */
    services: Services;
  }
}

/**
 * Gives every request its services, built once and only when a handler asks for them; the
 * composition root says how (`servicesFor`), so the transport builds nothing itself.
 */
export function attachServices(servicesFor: (em: EntityManager) => Services): RequestHandler {
  return (req, _res, next) => {
    // The entity manager is taken now, inside the request's context: a handler may first ask for
    // the services from a stream callback (a multipart upload), where that context is gone.
    const em = requestEm();
    let services: Services | undefined;
    Object.defineProperty(req, 'services', {
      get: () => (services ??= servicesFor(em)),
      configurable: true,
    });
    next();
  };
}
