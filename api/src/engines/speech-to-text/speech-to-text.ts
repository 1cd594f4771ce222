/** Times are milliseconds from the start of the chunk. */
export interface TimedWord {
  word: string;
  startMs: number;
  endMs: number;
  /**
   * How sure the engine was of the word, 0–1, where it says: the embedded service does, OpenAI does
   * not. Vocabulary correction trusts a confident reading of everyday words ("is old") and replaces an
   * unsure one that sounds like a campaign name ("the praxis" for Nythraxis).
   */
  probability?: number;
}

export interface TranscriptSegment {
  startMs: number;
  endMs: number;
  text: string;
  /**
   * Who spoke, where the engine diarizes (the seam for single-track speakers: no diarization model
   * installs from the registries here, so the embedded service leaves it out).
   */
  speaker?: string;
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
  /** ISO 639-1 code of the spoken language; unset = the engine detects it. */
  language?: string;
  signal?: AbortSignal;
  /** Fraction of the chunk done, 0..1; lets a long activity heartbeat. */
  onProgress?: (fraction: number) => void;
}

/** Turns one prepared chunk (16 kHz mono WAV) into timed text. */
export interface SpeechToText {
  transcribe(chunkPath: string, options?: TranscribeOptions): Promise<ChunkTranscript>;
}
