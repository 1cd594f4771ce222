import type { Cue, TranscriptFormat } from './cue';
import { parsePlainText } from './plain-text';
import { isSrt, parseSrt } from './srt';
import { textLines } from './text-file';
import { isWebVtt, parseWebVtt } from './webvtt';

/** A transcript file read: its format and its lines in time order. */
export interface ParsedTranscript {
  format: TranscriptFormat;
  cues: Cue[];
}

/**
 * Reads a transcript file, its format told by its content, never by its name: `WEBVTT` first is
 * WebVTT, a first block with a `-->` time is SubRip, anything else that is text is plain text.
 * Throws TranscriptRefusedError (a message for the user) for what cannot be imported.
 */
export function parseTranscript(bytes: Uint8Array): ParsedTranscript {
  const lines = textLines(bytes);
  if (isWebVtt(lines[0])) return { format: 'vtt', cues: parseWebVtt(lines) };
  if (isSrt(lines)) return { format: 'srt', cues: parseSrt(lines) };
  return { format: 'text', cues: parsePlainText(lines) };
}
