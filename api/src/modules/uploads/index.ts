/**
 * The public entry of modules/uploads: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { createQueuedSession } from './queued-session';
export { SessionFileArgs } from './session-file.args';
export { titleFromFileName, UPLOAD_MESSAGES } from './upload.rules';
export { interrupted, tooLarge, type UploadDetails, type UploadRequest, UploadService } from './upload.service';
