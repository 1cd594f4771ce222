import { checkKey } from '../../storage/storage-key';

/** What a user reads when a recording request is refused (the spec's texts where it has them). */
export const RECORDING_MESSAGES = {
  notFound: 'Recording not found',
  finished: 'This recording has been stopped; start a new recording to record more.',
  closedSegment: 'This part of the recording was closed when it was resumed.',
  badPart: 'Part numbers start at 0 and go up one by one.',
  noSegment: 'Resume the recording before sending parts of a new segment.',
  emptyPart: 'The part of the recording is empty.',
  notAudio: 'The recording does not start with audio we can read. Please record again.',
  tooLarge: 'This part of the recording is too large.',
  unsupportedType: 'This browser records in a format Questlog cannot read.',
  titleLength: 'Titles can be at most 200 characters.',
} as const;

/** The largest part number accepted: a part every second for a day, far beyond any game night. */
export const MAX_PART_NUMBER = 86_400;
/** Segments per recording: each Resume makes one. */
export const MAX_SEGMENTS = 100;

/** MediaRecorder's containers (Chrome and Firefox: WebM or Ogg with Opus; Safari: MP4 with AAC). */
const RECORDED_TYPES = new Set(['audio/webm', 'audio/ogg', 'audio/mp4', 'video/webm', 'video/mp4']);

/** The declared type without parameters when it is one a browser records, else null. */
export function recordedType(mimeType: unknown): string | null {
  if (typeof mimeType !== 'string' || mimeType.length > 200) return null;
  const bare = mimeType.split(';')[0].trim().toLowerCase();
  return RECORDED_TYPES.has(bare) ? mimeType.trim() : null;
}

/** The default title: "Recording 2026-11-26 20:15" in UTC (the browser sends its local one). */
export function defaultTitle(now = new Date()): string {
  return `Recording ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}

/** Where part `number` of segment `segment` is kept until the recording is assembled. */
export function recordingPartKey(sessionId: string, segment: number, number: number): string {
  return checkKey(`sessions/${sessionId}/recording/${segment}/${String(number).padStart(6, '0')}.part`);
}
