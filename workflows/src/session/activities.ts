/**
 * Activity contract of the session-processing workflow; implemented in api/src/processing/*.activities.ts
 * (where the data lives). Inputs and results stay small: transcripts live in the database, not in
 * the workflow history.
 */

/** Stages in pipeline order, as the Session row and the live-status subscription name them. */
export const SESSION_STAGES = [
  'probe',
  'prepare',
  'transcribe',
  'assemble',
  'filter',
  'summarize',
  'index',
  'finish',
] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

/**
 * Task queue of the speech-to-text activity (transcribeChunk) alone: each worker serves it with its
 * own cap on transcriptions at once (STT_MAX_CONCURRENCY), however many sessions are processing.
 */
export const SPEECH_TO_TEXT_QUEUE = 'speech-to-text';

/** Patch id of the move of transcribeChunk to SPEECH_TO_TEXT_QUEUE (runs started before keep their queue). */
export const SPEECH_TO_TEXT_QUEUE_PATCH = 'transcribe-on-speech-to-text-queue';

/**
 * Patch id of the browser-friendly rendition made alongside transcription (runs started before
 * it replay without one; their sessions' players get the upload).
 */
export const AUDIO_RENDITION_PATCH = 'audio-rendition';

/**
 * Patch id of sessions imported from a transcript file: runs ask where the session's text comes
 * from before the audio stages (runs started before imports replay without asking).
 */
export const TRANSCRIPT_IMPORT_PATCH = 'transcript-import';

/**
 * Patch id of the campaign memory a chat model writes after the campaign's summaries (runs started
 * before replay without it; the offline index serves their campaigns until the next session).
 */
export const CAMPAIGN_MEMORY_PATCH = 'campaign-memory-writer';

/**
 * Patch id of the players' copy of the recording made by the summary refresh after GM-only marks
 * change (refreshes started before replay without it).
 */
export const PLAYERS_AUDIO_PATCH = 'players-audio';

/**
 * Patch id of the speakers told apart on one track (single-track uploads and browser recordings)
 * after assembling; runs started before replay without it, their lines without speakers.
 */
export const DIARIZATION_PATCH = 'single-track-diarization';

/**
 * Patch id of diarization beside the transcription (findVoices, then assignVoices after assembling)
 * instead of diarizeSpeakers after it: it needs only the audio. Runs started before replay the old way.
 */
export const CONCURRENT_DIARIZATION_PATCH = 'diarization-beside-transcription';

/** Where a session's text comes from: its audio (transcribed), or a transcript file (imported). */
export type SessionSource = 'audio' | 'transcript';

/** Failure types the activities raise as non-retryable ApplicationFailures (messages are for users). */
export const AUDIO_REJECTED = 'AudioRejected';
export const ENGINE_FAILED = 'EngineFailed';

/** Workflow failure type once the session is FAILED (what operators see in the Web UI). */
export const SESSION_FAILED = 'SessionFailed';

/** Input of the `processSession` workflow. */
export interface ProcessSessionInput {
  sessionId: string;
}

export interface SessionRef {
  sessionId: string;
}

export interface StageUpdate extends SessionRef {
  stage: SessionStage;
  /** Overall progress of the pipeline, 0..1. */
  progress: number;
}

export interface ProbeResult {
  durationMs: number;
}

export interface PrepareResult {
  chunkCount: number;
  /** How many chunks the worker's configuration lets one session transcribe at once. */
  concurrency: number;
  /**
   * Whether the voices are told apart beside the transcription: only where the machine has cores
   * to spare. On 2 cores both want both, and side by side the hour bench was slower (docs/speakers.md).
   */
  diarizeBeside?: boolean;
}

export interface ChunkRef extends SessionRef {
  index: number;
}

export interface ChunkResult {
  index: number;
  words: number;
  /** True when the chunk had been transcribed before (retry or crash) and was not redone. */
  reused: boolean;
}

export interface FailSessionInput extends SessionRef {
  reason: string;
}

export interface SessionProcessingActivities {
  /** Marks the session PROCESSING at `stage` (clearing an earlier failure) and publishes it. */
  setStage(input: StageUpdate): Promise<void>;
  /** Whether the session is recorded audio or an imported transcript (its lines already stored). */
  sessionSource(input: SessionRef): Promise<SessionSource>;
  /** Checks the stored audio is real audio, records its duration and charges it to the owner's usage. */
  probeAudio(input: SessionRef): Promise<ProbeResult>;
  /** 16 kHz mono chunks split at silences, stored; reuses the chunks of an earlier run. */
  prepareAudio(input: SessionRef): Promise<PrepareResult>;
  /**
   * Stores a copy of the recording every browser plays (AAC in MP4) next to the upload, for the
   * transcript player; keeps one an earlier run made.
   */
  makeAudioRendition(input: SessionRef): Promise<void>;
  /**
   * Makes the copy of the recording that players hear, silent over the lines the owner keeps
   * GM-only (none needed without such lines), and removes copies made for earlier marks.
   */
  makePlayersAudio(input: SessionRef): Promise<void>;
  /** Transcribes one chunk unless it is done already; heartbeats while it runs. */
  transcribeChunk(input: ChunkRef): Promise<ChunkResult>;
  /**
   * Stitches chunk transcripts into timestamped segments; returns how many. For an imported
   * transcript the lines came with the file: their speakers join the campaign's cast.
   */
  assembleTranscript(input: SessionRef): Promise<number>;
  /**
   * Single-track audio only: tells the voices apart on the session's 16 kHz audio and gives each
   * line the voice heard over it (cutting a line where the voice changes), voices the campaign
   * knows by their voice print taking their cast label; returns how many voices. Does nothing for
   * multi-track uploads, or where the speech service cannot diarize.
   */
  diarizeSpeakers(input: SessionRef): Promise<number>;
  /**
   * Single-track audio only, while the chunks are transcribed: tells the voices apart on the
   * session's audio and keeps what it found for assignVoices; returns how many voices (0: nothing
   * to assign — multi-track, no diarizing service, silence).
   */
  findVoices(input: SessionRef): Promise<number>;
  /**
   * After assembling: gives each line the voice findVoices heard over it, as diarizeSpeakers
   * does (voices the cast knows take their label); returns how many voices the lines got.
   */
  assignVoices(input: SessionRef): Promise<number>;
  /** Marks table talk among the segments; returns how many lines are table talk. */
  filterTableTalk(input: SessionRef): Promise<number>;
  /** Writes the brief, moderate and detailed summaries and the one-liner from the in-game lines. */
  summarizeSession(input: SessionRef): Promise<void>;
  /** Builds the full-text search vectors of the segments. */
  indexTranscript(input: SessionRef): Promise<void>;
  /** READY; removes the chunk audio that is no longer needed. */
  finishSession(input: SessionRef): Promise<void>;
  /** Rebuilds the campaign-level summaries from the campaign's READY sessions. */
  refreshCampaignSummaries(input: SessionRef): Promise<void>;
  /**
   * Has a chat model write the campaign index's new or changed descriptions and its open threads
   * (INDEX_ENGINE=openai; does nothing offline); heartbeats while it runs.
   */
  writeCampaignMemory(input: SessionRef): Promise<void>;
  /** FAILED with a reason a user can read; refunds the usage charged for the session. */
  failSession(input: FailSessionInput): Promise<void>;
}
