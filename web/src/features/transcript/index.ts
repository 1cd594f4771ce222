/** A session's Full Transcript and the owner's corrections, as the archive page places them. */
export { CorrectableTranscript } from './CorrectableTranscript';
export { SummariesGmOnlySwitch, useSummariesGmOnly } from './SummariesGmOnly';
export { SummaryRefresh } from './SummaryRefresh';
export { TableTalkToggle } from './TableTalkToggle';
export { useShowTableTalk } from './useShowTableTalk';
export type { Moment } from './TranscriptLines';
