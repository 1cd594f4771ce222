/**
 * The public entry of modules/recordings: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { recordingStage } from './recording-stage';
export { RecordingStore } from './recording-store';
export { MAX_PART_NUMBER, RECORDING_MESSAGES } from './recording.rules';
export { RecordingService, type RecordingView } from './recording.service';
