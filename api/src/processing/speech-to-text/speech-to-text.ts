/** Times are milliseconds from the start of the chunk. */
export interface TimedWord {
  word: string;
  startMs: number;
  endMs: number;
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
}

export interface ChunkTranscript {
  text: string;
  /** Empty when the engine gives no word timings (plain-text replies). */
  words: TimedWord[];
  segments: TranscriptSegment[];
}

export interface TranscribeOptions {
  /** Campaign vocabulary (character, place and NPC names) for engines that accept a prompt. */
  prompt?: string;
  signal?: AbortSignal;
  /** Fraction of the chunk done, 0..1; lets a long activity heartbeat. */
  onProgress?: (fraction: number) => void;
}

/** Turns one prepared chunk (16 kHz mono WAV) into timed text. */
export interface SpeechToText {
  transcribe(chunkPath: string, options?: TranscribeOptions): Promise<ChunkTranscript>;
}

/** Groups timed words into segments, breaking wherever the speaker pauses for `pauseMs` or more. */
export function segmentsFromWords(words: TimedWord[], pauseMs: number): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TimedWord[] = [];
  const flush = () => {
    if (!current.length) return;
    segments.push({
      startMs: current[0].startMs,
      endMs: current[current.length - 1].endMs,
      text: current.map((w) => w.word).join(' '),
    });
    current = [];
  };
  for (const word of words) {
    const previous = current[current.length - 1];
    if (previous && word.startMs - previous.endMs >= pauseMs) flush();
    current.push(word);
  }
  flush();
  return segments;
}
