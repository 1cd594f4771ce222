/**
 * The public entry of modules/transcripts: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { ChunkService, type PreparedChunk } from './chunk.service';
export { requestSummaryRefresh } from './summary-refresh';
export { TableTalkCorrectionService } from './table-talk-corrections.service';
export { TRANSCRIPT_LINE_MESSAGES, TranscriptLineService } from './transcript-line.service';
export { applyEdit } from './transcript.edits';
export { TranscriptService } from './transcript.service';
export { TranscriptLine } from './transcript.type';
export { addToVocabulary } from './transcript.vocabulary';
