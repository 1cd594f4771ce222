import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { AUDIO_REJECTED, ENGINE_FAILED } from '@questlog/workflows';
import type { Config } from '../config/config';
import type { CampaignIndexService, CampaignMemoryService } from '../modules/campaign-index';
import type { CampaignSummaryService, LearnedVocabulary } from '../modules/campaigns';
import {
  type PlayersAudio,
  SessionDeletedError,
  type SessionPatch,
  type SessionStateService,
} from '../modules/sessions';
import type { RecordingStore } from '../modules/recordings';
import type { ChunkService, TableTalkCorrectionService, TranscriptService } from '../modules/transcripts';
import type { UsageService } from '../modules/usage';
import type { AudioStorage } from '../storage/storage';
import { AudioRejectedError } from '../engines/audio/audio-errors';
import { EngineError } from '../engines/engine-error';
import type { Engines } from '../engines/engines';
import type { TranscriptFormat } from '../engines/transcript-formats/cue';
import type { VoicePrintStore } from '../modules/cast';

/**
 * The services the pipeline's activities call, around one entity manager. services.ts builds them (the
 * one composition root); an activity asks for them once per run, so each run works in its own fork.
 */
export interface WorkerServices {
  /** The session row as processing reads and writes it (source, status published live, summaries). */
  sessionState: SessionStateService;
  /** The session's audio chunks and their transcripts. */
  chunks: ChunkService;
  /** The audio-hours ledger: charged at probe, refunded when a session fails. */
  usage: UsageService;
  transcripts: TranscriptService;
  tableTalkCorrections: TableTalkCorrectionService;
  campaignSummaries: CampaignSummaryService;
  campaignIndex: CampaignIndexService;
  campaignMemory: CampaignMemoryService;
  recordings: RecordingStore;
  /** The campaign's cast: new speaker labels join it. */
  addToCast(campaignId: string, labels: string[]): Promise<void>;
  /** The cast's voice prints (personal data: the pipeline alone reads them). */
  voicePrints: VoicePrintStore;
  /** The names the session's campaign has learned (typed, corrected in lines, the cast's, confirmed in the index). */
  vocabulary(sessionId: string): Promise<LearnedVocabulary>;
  /** The transcript file's format the session came from (null: it has audio), and the speakers that file named. */
  importedFrom(sessionId: string): Promise<TranscriptFormat | null>;
  speakersOfLines(sessionId: string): Promise<string[]>;
  /** What players must not hear of the session, and where the copy silent over it is kept. */
  playersAudio(sessionId: string): Promise<PlayersAudio>;
  /** Runs `work` in one transaction, given the services around it. */
  transaction<T>(work: (services: WorkerServices) => Promise<T>): Promise<T>;
}

/** What the pipeline's activities need; the worker builds it, tests inject their own engines. */
export interface ProcessingDeps {
  /** The services around a new fork of the worker's entity manager (call once per activity run). */
  services(): WorkerServices;
  storage: AudioStorage;
  engines: Engines;
  config: Config;
}

/** Writes where the session stands and publishes it; a deleted session ends the run for good. */
export async function saveStatus(deps: ProcessingDeps, sessionId: string, patch: SessionPatch): Promise<void> {
  // Its own fork: progress estimates save from a timer while the activity's own work goes on.
  await mapFailures(() => deps.services().sessionState.save(sessionId, patch));
}

/** Where activities' working directories are made: `questlog-<session id>-XXXXXX` in the system temp dir. */
export const WORK_DIR_ROOT = os.tmpdir();
/** Names of those directories (the storage sweeper removes ones a killed worker left behind). */
export const WORK_DIR_NAME = /^questlog-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9]{6}$/;

/** A private working directory for one activity run, removed afterwards whatever happens. */
export async function withWorkDir<T>(sessionId: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(WORK_DIR_ROOT, `questlog-${sessionId}-`));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Heartbeats every few seconds while `work` runs, so a worker that dies is noticed within the
 * heartbeat timeout even when the engine reports no progress for a while.
 */
export async function withHeartbeat<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(), 5_000);
  try {
    return await work(context.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/**
 * Business failures become non-retryable ApplicationFailures with the user-readable message; engine
 * outages stay retryable (Temporal retries them per the stage's policy). Anything else is rethrown.
 */
export function asActivityFailure(error: unknown): unknown {
  if (error instanceof SessionDeletedError) return ApplicationFailure.nonRetryable(error.message, 'SessionDeleted');
  if (error instanceof AudioRejectedError) return ApplicationFailure.nonRetryable(error.message, AUDIO_REJECTED);
  if (error instanceof EngineError) {
    return ApplicationFailure.create({ message: error.message, type: ENGINE_FAILED, nonRetryable: !error.retryable });
  }
  return error;
}

export async function mapFailures<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asActivityFailure(error);
  }
}
