import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { AUDIO_REJECTED, ENGINE_FAILED } from '@questlog/workflows';
import type { Config } from '../../config/config';
import { PlanService } from '../../modules/plans/plan.service';
import type { SessionPublisher } from '../../modules/sessions/session-events';
import {
  SessionDeletedError,
  SessionStateService,
  type SessionPatch,
} from '../../modules/sessions/session-state.service';
import { ChunkService } from '../../modules/transcripts/chunk.service';
import { UsageService } from '../../modules/usage/usage.service';
import type { AudioStorage } from '../../storage/storage';
import { AudioRejectedError } from '../../engines/audio/audio-errors';
import { EngineError } from '../../engines/engine-error';
import type { Engines } from '../../engines/engines';

/** What the session-processing activities need; the worker builds it, tests inject their own engines. */
export interface ProcessingDeps {
  orm: MikroORM;
  storage: AudioStorage;
  engines: Engines;
  config: Config;
  publisher: SessionPublisher;
}

export const fork = (deps: ProcessingDeps): EntityManager => deps.orm.em.fork();

/** The session row as processing reads and writes it (source, status published live, summaries). */
export const sessionState = (deps: ProcessingDeps) => new SessionStateService(fork(deps), deps.publisher);
/** The session's audio chunks and their transcripts. */
export const chunks = (deps: ProcessingDeps) => new ChunkService(fork(deps));
/** The audio-hours ledger: charged at probe, refunded when a session fails. */
export const usage = (deps: ProcessingDeps) => new UsageService(fork(deps), new PlanService(deps.config));

/** Writes where the session stands and publishes it; a deleted session ends the run for good. */
export async function saveStatus(deps: ProcessingDeps, sessionId: string, patch: SessionPatch): Promise<void> {
  await mapFailures(() => sessionState(deps).save(sessionId, patch));
}

/** Where activities' working directories are made: `questlog-<session id>-XXXXXX` in the system temp dir. */
export const WORK_DIR_ROOT = os.tmpdir();
/** Names of those directories (the storage sweeper removes ones a killed worker left behind). */
export const WORK_DIR_NAME = /^questlog-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9]{6}$/;

/** A private working directory for one activity, removed afterwards whatever happens. */
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
