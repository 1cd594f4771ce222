import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { AUDIO_REJECTED, ENGINE_FAILED } from '@questlog/workflows';
import type { Config } from '../../config/config';
import type { SessionPublisher } from '../../modules/sessions/session-events';
import { SessionStatus } from '../../modules/sessions/session.entity';
import type { AudioStorage } from '../../storage/storage';
import { AudioRejectedError } from '../audio/audio-errors';
import { EngineError } from '../engine-error';
import type { Engines } from '../engines';

/** What the session-processing activities need; the worker builds it, tests inject their own engines. */
export interface ProcessingDeps {
  orm: MikroORM;
  storage: AudioStorage;
  engines: Engines;
  config: Config;
  publisher: SessionPublisher;
}

export const fork = (deps: ProcessingDeps): EntityManager => deps.orm.em.fork();

/** Storage key of a prepared chunk; next to the upload under the session's prefix. */
export const chunkKey = (sessionId: string, index: number) =>
  `sessions/${sessionId}/chunks/${String(index).padStart(4, '0')}.wav`;

interface SessionPatch {
  status?: SessionStatus;
  stage?: string | null;
  /** Progress never moves backwards while chunks finish out of order. */
  progress?: number;
  failureReason?: string | null;
}

/** Writes where the session stands to its row and publishes the result (NOTIFY) for live status. */
export async function saveStatus(deps: ProcessingDeps, sessionId: string, patch: SessionPatch): Promise<void> {
  const sets = ['updated_at = now()'];
  const values: unknown[] = [];
  const set = (sql: string, value: unknown) => {
    sets.push(sql);
    values.push(value);
  };
  if (patch.status !== undefined) set('status = ?', patch.status);
  if (patch.stage !== undefined) set('stage = ?', patch.stage);
  if (patch.failureReason !== undefined) set('failure_reason = ?', patch.failureReason);
  // A stage change sets progress outright (a new run starts over); chunk reports arriving out of
  // order within the stage cannot move it backwards.
  if (patch.progress !== undefined)
    set(patch.stage !== undefined ? 'progress = ?' : 'progress = greatest(progress, ?)', patch.progress);
  // The update's row lock is held until the NOTIFY has gone out, so two chunks finishing together
  // publish in the order they wrote: a watcher never sees progress move backwards.
  await fork(deps).transactional(async (tx) => {
    const rows = await tx.execute<
      Array<{ campaign_id: string; status: SessionStatus; stage: string | null; progress: number }>
    >(`update sessions set ${sets.join(', ')} where id = ? returning campaign_id, status, stage, progress`, [
      ...values,
      sessionId,
    ]);
    if (!rows.length) throw ApplicationFailure.nonRetryable('The session was deleted.', 'SessionDeleted');
    const [row] = rows;
    await deps.publisher.publish({
      sessionId,
      campaignId: row.campaign_id,
      status: row.status,
      stage: row.stage,
      progress: row.progress,
    });
  });
}

/** A private working directory for one activity, removed afterwards whatever happens. */
export async function withWorkDir<T>(sessionId: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `questlog-${sessionId}-`));
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
