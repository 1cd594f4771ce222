/**
 * The public entry of modules/imports: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { IMPORT_MESSAGES } from './import.rules';
export { type ImportRequest, ImportService, transcriptTooLarge } from './import.service';
export { importedFrom, speakersOfLines } from './imported-session';
