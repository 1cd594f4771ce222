import { correctToVocabulary } from '../text/vocabulary';
import type { TranscriptLine } from './lines';
import { sessionLines, speakersOf, type TimedChunk } from './session-lines';

/** A chunk as the pipeline keeps it: its place in the session and whether it is transcribed yet. */
export interface KeptChunk extends TimedChunk {
  index: number;
  done: boolean;
}

/**
 * A session's lines from all of its transcribed chunks: cut and interleaved (sessionLines), names
 * spelled as the campaign's vocabulary spells them, empty lines dropped, and lines that mix an aside
 * into the story cut apart when the table-talk classifier can (`separate`); and who was heard, in the
 * order first heard (the campaign's cast learns them).
 */
export function assembleLines(
  chunks: readonly KeptChunk[],
  vocabulary: string[],
  separate?: (lines: TranscriptLine[]) => TranscriptLine[],
): { lines: TranscriptLine[]; speakers: string[] } {
  const missing = chunks.filter((c) => !c.done).map((c) => c.index);
  if (!chunks.length || missing.length) throw new Error(`chunks not transcribed yet: ${missing.join(', ')}`);
  const heard = sessionLines(chunks);
  const corrected = correctToVocabulary(heard, vocabulary).filter((l) => l.text.trim());
  return { lines: separate?.(corrected) ?? corrected, speakers: speakersOf(heard) };
}
