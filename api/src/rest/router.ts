import express, { Router } from 'express';
import type { RestDeps } from './rest-deps';
import { notFound } from '../kernel/errors';
import { accountRoutes } from '../modules/accounts/accounts.routes';
import { CONTENT_EDIT_LIMIT, CONTENT_EDIT_PATHS, campaignRoutes } from '../modules/campaigns/campaigns.routes';
import { sessionRoutes } from '../modules/sessions/sessions.routes';
import { audioRoutes } from '../modules/sessions/audio.routes';
import { shareRoutes } from '../modules/sharing/shares.routes';
import { uploadRoutes } from '../modules/uploads/upload.routes';
import { importRoutes } from '../modules/imports/imports.routes';
import { exportRoutes } from '../modules/exports/exports.routes';
import { qaRoutes } from './qa.routes';
import { recordingRoutes } from '../modules/recordings/recordings.routes';
import { billingRoutes, stripeWebhookRoute } from '../modules/billing/billing.routes';
import { requireCsrf } from './csrf.middleware';
import { refuseControlCharacters } from '../http/refuse-control-characters';
import { refuseDeepJson } from '../http/json-depth';
import { openApiDocument } from './openapi';

/** Prefixes of the documented REST shims (docs/product.md#rest-endpoints); /graphql has its own body parser and CSRF rule. */
const REST_PREFIXES = ['/api', '/register', '/upload'];

/** The documented REST shims: JSON in and out, CSRF on every cookie-authenticated write. */
export function restRouter(deps: RestDeps): Router {
  const router = Router();
  router.get('/openapi.json', (_req, res) => void res.json(openApiDocument));
  router.get('/get-csrf-token/', (req, res) => {
    res.json({ csrfToken: deps.csrf.issue(req, res) });
  });
  // Before the JSON parser and the CSRF check: Stripe signs the raw body and sends no CSRF token.
  stripeWebhookRoute(router);
  router.use(CONTENT_EDIT_PATHS, express.json({ limit: CONTENT_EDIT_LIMIT, strict: true }));
  router.use(REST_PREFIXES, express.json({ limit: '100kb', strict: true }), requireCsrf(deps.csrf));
  router.use(REST_PREFIXES, refuseDeepJson, refuseControlCharacters);
  // Feature route modules register their full spec paths here, e.g. accountRoutes(router); they reach the services as req.services.
  accountRoutes(router);
  campaignRoutes(router);
  sessionRoutes(router);
  audioRoutes(router);
  shareRoutes(router);
  uploadRoutes(router, deps);
  importRoutes(router);
  exportRoutes(router);
  recordingRoutes(router, deps);
  qaRoutes(router);
  billingRoutes(router);
  router.use('/api', (_req, _res, next) => next(notFound('Unknown API endpoint')));
  return router;
}
