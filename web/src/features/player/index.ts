/** The session's recording and its lines, as other features use them. */
export { TranscriptPlayer } from './TranscriptPlayer';
export { TranscriptLines } from './TranscriptLineList';
export { usePlayback } from './usePlayback';
export { useAudioProblem } from './useAudioProblem';
