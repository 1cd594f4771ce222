/** One stretch of one voice; times are milliseconds on the session's timeline. */
export interface VoiceSegment {
  startMs: number;
  endMs: number;
  /** The engine's own name for the voice in this recording ("SPEAKER_1"); not a cast label. */
  voice: string;
}

/** A voice the engine found, with its voice print (L2-normalised; compare two by their dot product). */
export interface FoundVoice {
  voice: string;
  embedding: number[];
}

/** One short window of speech with its own voice print, so a line's voice can be told from its windows. */
export interface VoiceWindow {
  startMs: number;
  endMs: number;
  embedding: number[];
}

export interface Diarization {
  durationMs: number;
  /** In order of time, not overlapping, only where someone speaks. */
  segments: VoiceSegment[];
  /** In the order they first speak. */
  voices: FoundVoice[];
  /** In order of time; absent from services (and stored findings) that predate them. */
  windows?: VoiceWindow[];
}

export interface DiarizeOptions {
  /** How many voices there are, when the GM knows (1–10). */
  speakers?: number;
  signal?: AbortSignal;
}

/** Tells who spoke when on one track of audio. */
export interface Diarizer {
  diarize(audioPath: string, options?: DiarizeOptions): Promise<Diarization>;
}

/**
 * The service has no diarization endpoint (an external STT_URL that only transcribes): sessions
 * go on without speakers instead of failing.
 */
export class DiarizationUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiarizationUnavailableError';
  }
}
