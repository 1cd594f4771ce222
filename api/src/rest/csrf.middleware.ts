import type { Request, RequestHandler } from 'express';
import type { Csrf } from '../http/csrf';
import { DomainError } from '../kernel/errors';
import { ACCESS_MESSAGES, mayWrite } from '../policy/policy';

/**
 * The public newsletter call needs no credentials (docs/product.md#rest-endpoints): it changes no account, so a
 * forged cross-site request gains nothing. It is limited per IP instead (modules/newsletter).
 */
export const NEWSLETTER_PATH = '/api/subscribe_email/';

/** Express matches paths case-insensitively and with or without the trailing slash; so does this. */
const exempt = (req: Request) =>
  req.method === 'POST' && `${req.baseUrl}${req.path}`.toLowerCase().replace(/\/?$/, '/') === NEWSLETTER_PATH;

/**
 * REST writes come from the browser: each needs the CSRF token unless authenticated by bearer token,
 * and a read-scope token writes nothing.
 */
export function requireCsrf(csrf: Csrf): RequestHandler {
  return (req, _res, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || exempt(req)) return next();
    if (!mayWrite(req.viewer)) return next(new DomainError('FORBIDDEN', ACCESS_MESSAGES.readOnlyToken));
    if (req.viewer.via === 'bearer') return next();
    if (!csrf.isValid(req)) return next(new DomainError('CSRF_FAILED', 'Invalid or missing CSRF token'));
    next();
  };
}
