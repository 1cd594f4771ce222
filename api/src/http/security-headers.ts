import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A year: browsers that saw the app over TLS keep to https for that long. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * What the built web app needs and nothing more: its own scripts, styles, images and API (CSP 3 lets
 * 'self' match the GraphQL WebSocket on the same host). Inline <style> elements are allowed because
 * react-hot-toast writes its styles into one; style attributes stay forbidden. frame-src https: lets
 * the landing page embed the operator's launch video (a build-time address the api does not know). No
 * upgrade-insecure-requests: self-hosted instances are often plain http on a LAN address.
 */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'frame-src': ['https:'],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const helmetHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Only over TLS (below): on plain http the header is meaningless, and localhost must stay http.
  strictTransportSecurity: false,
});

/**
 * helmet's headers, worked out once: every directive above is a constant, so every response gets
 * the same set, and helmet's dozen middlewares (the CSP string rebuilt each time) need not run per
 * request. Recorded by running helmet against a response that only notes what is done to it.
 */
const HELMET_HEADERS = (() => {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let done = false;
  helmetHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return { set, removed };
})();

/**
 * Security headers on every response: CSP, no framing (frame-ancestors and X-Frame-Options),
 * nosniff, referrer policy, and HSTS when the request came over TLS (req.secure honours
 * TRUST_PROXY, so an https proxy in front counts).
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  if (req.secure) res.setHeader('Strict-Transport-Security', `max-age=${HSTS_MAX_AGE_SECONDS}`);
  for (const [name, value] of HELMET_HEADERS.set) res.setHeader(name, value);
  for (const name of HELMET_HEADERS.removed) res.removeHeader(name);
  next();
};
