/**
 * The public entry of modules/exports: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { CampaignExportService, type ExportFile } from './campaign-export.service';
export { TranscriptExportService } from './transcript-export.service';
export { EXPORT_FORMATS } from './transcript-export.rules';
