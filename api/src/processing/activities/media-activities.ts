import { createReadStream } from 'node:fs';
import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  transcriptionProgress,
  type ChunkRef,
  type ChunkResult,
  type PrepareResult,
  type ProbeResult,
  type SessionProcessingActivities,
  type SessionRef,
} from '@questlog/workflows';
import { spokenLanguage } from '../../modules/accounts/languages';
import { parseVocabulary } from '../../engines/text/vocabulary';
import { PlanService } from '../../modules/plans/plan.service';
import { Session } from '../../modules/sessions/session.entity';
import { SessionDeletedError } from '../../modules/sessions/session-state.service';
import { SessionChunk } from '../../modules/transcripts/session-chunk.entity';
import { UsageService } from '../../modules/usage/usage.service';
import { chunkAudioKey } from '../../storage/storage-key';
import { AudioRejectedError } from '../../engines/audio/audio-errors';
import { prepareAudio } from '../../engines/audio/prepare-audio';
import { probeAudio } from '../../engines/audio/probe-audio';
import { fork, mapFailures, saveStatus, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-deps';

type MediaActivities = Pick<SessionProcessingActivities, 'probeAudio' | 'prepareAudio' | 'transcribeChunk'>;

interface SessionSource {
  storage_key: string | null;
  owner_id: string;
  vocabulary: string;
  /** The campaign owner's transcript language (spec section 3). */
  language_code: string;
}

async function source(deps: ProcessingDeps, sessionId: string): Promise<SessionSource> {
  const [row] = await fork(deps)
    .getConnection()
    .execute<SessionSource[]>(
      `select s.storage_key, c.owner_id, c.vocabulary, u.language_code
       from sessions s join campaigns c on c.id = s.campaign_id join users u on u.id = c.owner_id
       where s.id = ?`,
      [sessionId],
    );
  if (!row) throw ApplicationFailure.nonRetryable(new SessionDeletedError().message, 'SessionDeleted');
  return row;
}

async function downloadOriginal(deps: ProcessingDeps, sessionId: string, dir: string): Promise<string> {
  const { storage_key: key } = await source(deps, sessionId);
  if (!key || !(await deps.storage.exists(key))) throw new AudioRejectedError('missing');
  const file = path.join(dir, 'original');
  await deps.storage.download(key, file);
  return file;
}

/** Probe, prepare and transcribe: the stages that touch audio (ffmpeg and speech-to-text). */
export function mediaActivities(deps: ProcessingDeps): MediaActivities {
  return {
    async probeAudio({ sessionId }: SessionRef): Promise<ProbeResult> {
      return mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const info = await probeAudio(await downloadOriginal(deps, sessionId, dir), { signal });
            const em = fork(deps);
            await em.nativeUpdate(Session, { id: sessionId }, { durationSeconds: info.durationMs / 1000 });
            // Charged once per session (the ledger ignores a repeat), refunded by failSession.
            const { owner_id: ownerId } = await source(deps, sessionId);
            await new UsageService(em, new PlanService(deps.config)).charge(ownerId, info.durationMs / 1000, sessionId);
            return { durationMs: info.durationMs };
          }),
        ),
      );
    },

    async prepareAudio({ sessionId }: SessionRef): Promise<PrepareResult> {
      const concurrency = deps.config.TRANSCRIBE_CONCURRENCY;
      const em = fork(deps);
      // Chunk boundaries of an earlier run are kept: finished chunks are only valid for them.
      const existing = await em.count(SessionChunk, { session: sessionId });
      if (existing > 0) return { chunkCount: existing, concurrency };
      return mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const input = await downloadOriginal(deps, sessionId, dir);
            const chunks = await prepareAudio(input, path.join(dir, 'chunks'), {
              maxChunkMs: deps.config.PROCESSING_MAX_CHUNK_SECONDS * 1000,
              signal,
            });
            for (const chunk of chunks) {
              await deps.storage.put(chunkAudioKey(sessionId, chunk.index), createReadStream(chunk.path), { signal });
            }
            // All rows in one transaction: a run that dies part way leaves none, and the next starts over.
            await em.transactional((tx) => {
              for (const chunk of chunks) {
                tx.create(SessionChunk, {
                  session: sessionId,
                  index: chunk.index,
                  startMs: chunk.startMs,
                  durationMs: chunk.durationMs,
                  storageKey: chunkAudioKey(sessionId, chunk.index),
                });
              }
            });
            return { chunkCount: chunks.length, concurrency };
          }),
        ),
      );
    },

    async transcribeChunk({ sessionId, index }: ChunkRef): Promise<ChunkResult> {
      const em = fork(deps);
      const chunk = await em.findOneOrFail(SessionChunk, { session: sessionId, index });
      if (chunk.done) return { index, words: chunk.words.length, reused: true };
      const { vocabulary, language_code: language } = await source(deps, sessionId);
      const transcript = await mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const file = path.join(dir, `chunk-${String(index).padStart(4, '0')}.wav`);
            await deps.storage.download(chunk.storageKey, file);
            return deps.engines.speechToText.transcribe(file, {
              // Measured (engines/transcript/fixtures/README.md): the names as a prompt help the
              // service's tiny.en (which does not condition on earlier text); hotwords hurt.
              prompt: parseVocabulary(vocabulary).join(', ') || undefined,
              language: spokenLanguage(language),
              signal,
              onProgress: (fraction) => Context.current().heartbeat(fraction),
            });
          }),
        ),
      );
      chunk.text = transcript.text;
      chunk.segments = transcript.segments;
      chunk.words = transcript.words;
      chunk.done = true;
      await em.flush();
      const [done, total] = await Promise.all([
        em.count(SessionChunk, { session: sessionId, done: true }),
        em.count(SessionChunk, { session: sessionId }),
      ]);
      await saveStatus(deps, sessionId, { progress: transcriptionProgress(done, total) });
      return { index, words: transcript.words.length, reused: false };
    },
  };
}
