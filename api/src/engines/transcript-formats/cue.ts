/** One timed line of an imported or exported transcript: times in ms from the session's start. */
export interface Cue {
  startMs: number;
  endMs: number;
  /** Who said it, where the file names a speaker. */
  speaker?: string;
  text: string;
}

/** The formats recognised by content: WebVTT, SubRip and plain text. */
export type TranscriptFormat = 'vtt' | 'srt' | 'text';

/**
 * 5 MB: a four-hour night is about 40,000 words, under 1 MB even as WebVTT with a speaker on every
 * cue; five times that leaves room for verbose tools while a file stays cheap to parse in memory.
 */
export const TRANSCRIPT_MAX_BYTES = 5 * 1024 * 1024;

/** A line every half second for seven hours; more is not a session's transcript. */
export const TRANSCRIPT_MAX_LINES = 50_000;

/** No cue may start or end past this: a session is not longer than a day. */
export const TRANSCRIPT_MAX_MS = 24 * 3600 * 1000;

/** Longest speaker name taken from a file (the cast's labels are short names). */
export const SPEAKER_MAX_CHARS = 60;

/** Messages a user reads when a file is refused. */
export const TRANSCRIPT_MESSAGES = {
  tooLarge: `The transcript file is too large. Transcripts up to ${TRANSCRIPT_MAX_BYTES / 1024 / 1024} MB are accepted.`,
  empty: 'The file holds no transcript lines.',
  notText: 'The file is not a text transcript. Import a WebVTT (.vtt), SubRip (.srt) or plain text (.txt) file.',
  notUtf8: 'The file is not UTF-8 text. Save it as UTF-8 and import it again.',
  markup: 'The file is a document, not a transcript. Import a WebVTT (.vtt), SubRip (.srt) or plain text (.txt) file.',
  tooManyLines: `The transcript has more than ${TRANSCRIPT_MAX_LINES.toLocaleString('en-US')} lines.`,
  badTime: (line: number) => `Line ${line}: the cue time is not a valid time (hh:mm:ss.mmm --> hh:mm:ss.mmm).`,
  tooLate: (line: number) => `Line ${line}: the cue time is past 24 hours.`,
  noTiming: (line: number) => `Line ${line}: a cue must start with its time (hh:mm:ss.mmm --> hh:mm:ss.mmm).`,
} as const;

/** A file refused for what it holds; the message is for the user. */
export class TranscriptRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TranscriptRefusedError';
  }
}
