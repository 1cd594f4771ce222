import type { ChunkTranscript } from '../speech-to-text/speech-to-text';
import { splitIntoLines, type TranscriptLine } from './lines';

/** A transcribed chunk as the session keeps it: where it starts in the session, and its track's speaker. */
export interface TimedChunk extends ChunkTranscript {
  startMs: number;
  /** The track's speaker of a multi-track upload. */
  speaker?: string | null;
}

/**
 * Who said a line: its track's speaker (multi-track uploads), else the speaker the engine gave the
 * segment the line's middle falls in (engines that diarize), else nobody.
 */
function speakerOf(line: TranscriptLine, chunk: TimedChunk): { speaker?: string } {
  if (chunk.speaker) return { speaker: chunk.speaker };
  const middle = (line.startMs + line.endMs) / 2;
  const speaker = chunk.segments.find((s) => s.startMs <= middle && middle <= s.endMs)?.speaker;
  return speaker ? { speaker } : {};
}

/** A line with its times (and its words' times) moved by `offsetMs`: chunk-relative to session-relative. */
function shift(line: TranscriptLine, offsetMs: number): TranscriptLine {
  return {
    startMs: line.startMs + offsetMs,
    endMs: line.endMs + offsetMs,
    text: line.text.trim(),
    words: line.words.map((w) => ({ ...w, startMs: w.startMs + offsetMs, endMs: w.endMs + offsetMs })),
  };
}

/**
 * A session's lines from its transcribed chunks. Lines are cut on word timings (sentence ends,
 * pauses), so one line is one speaker's sentence and table talk cannot ride along with narration;
 * times become session-relative, and the tracks of a multi-track upload, transcribed apart,
 * interleave as spoken.
 */
export function sessionLines(chunks: readonly TimedChunk[]): TranscriptLine[] {
  return chunks
    .flatMap((chunk) =>
      splitIntoLines({ text: chunk.text, words: chunk.words, segments: chunk.segments }).map((line) => ({
        ...shift(line, chunk.startMs),
        ...speakerOf(line, chunk),
      })),
    )
    .sort((a, b) => a.startMs - b.startMs);
}

/** The speakers of the lines, in the order first heard. */
export const speakersOf = (lines: ReadonlyArray<{ speaker?: string | null }>) =>
  [...new Set(lines.map((l) => l.speaker))].filter((s): s is string => !!s);
