/**
 * The public entry of modules/common: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { appUrl } from './app-link';
export { consumeOrRefuse, pooledLimiter, rateLimited } from './rate-limiter';
