// The old path, kept only for processing/diarization.activities.ts (being edited elsewhere) until it
// imports adapters/process/run-command.ts (issue 50).
export { runCommand } from '../adapters/process/run-command';
