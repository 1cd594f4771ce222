import type { RequestHandler } from 'express';
import type { Csrf } from '../http/csrf';
import { DomainError } from '../modules/common/errors';

/** REST writes come from the browser: each needs the CSRF token unless authenticated by bearer token. */
export function requireCsrf(csrf: Csrf): RequestHandler {
  return (req, _res, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || req.viewer.via === 'bearer') return next();
    if (!csrf.isValid(req)) return next(new DomainError('CSRF_FAILED', 'Invalid or missing CSRF token'));
    next();
  };
}
