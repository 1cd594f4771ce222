/**
 * The public entry of modules/campaign-index: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { CampaignIndexService } from './campaign-index.service';
export { INDEX_KIND_WORDS } from './campaign-index.type';
export { CampaignMemoryService } from './campaign-memory.service';
