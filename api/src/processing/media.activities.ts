import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import {
  transcriptionProgress,
  type ChunkRef,
  type ChunkResult,
  type PrepareResult,
  type ProbeResult,
  type SessionProcessingActivities,
  type SessionRef,
} from '@questlog/workflows';
import { spokenLanguage } from '../modules/accounts';
import type { PreparedChunk } from '../modules/transcripts';
import { chunkAudioKey } from '../storage/storage-key';
import { AudioRejectedError } from '../engines/audio/audio-errors';
import { prepareAudio } from '../engines/audio/prepare-audio';
import { probeAudio } from '../engines/audio/probe-audio';
import { estimatedShare } from '../engines/speech-to-text/transcription-estimate';
import { diarizationActivities } from './diarization.activities';
import { mapFailures, saveStatus, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-runtime';

type MediaActivities = Pick<
  SessionProcessingActivities,
  'probeAudio' | 'prepareAudio' | 'transcribeChunk' | 'diarizeSpeakers' | 'findVoices' | 'assignVoices'
>;

/** A local copy of the session's recording (or one of its tracks); one that is gone fails the session. */
async function download(deps: ProcessingDeps, key: string | null, file: string): Promise<string> {
  if (!key || !(await deps.storage.exists(key))) throw new AudioRejectedError('missing');
  await deps.storage.download(key, file);
  return file;
}

/** Probe, prepare, transcribe and diarize: the stages that touch audio (ffmpeg and the speech service). */
export function mediaActivities(deps: ProcessingDeps): MediaActivities {
  return {
    ...diarizationActivities(deps),
    async probeAudio({ sessionId }: SessionRef): Promise<ProbeResult> {
      return mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            // The upload's content check decoded the file already, and a browser recording was
            // decoded to its end when its last audio was cut: decoding hours of audio again would
            // only stand between the upload (or Stop) and READY.
            const { sessionState, recordings, usage } = deps.services();
            const { ownerId, durationMs, storageKey } = await sessionState.source(sessionId);
            const known = durationMs || (await recordings.recordedMs(sessionId));
            const info = known
              ? { durationMs: known }
              : await probeAudio(await download(deps, storageKey, path.join(dir, 'original')), { signal });
            await sessionState.recordDuration(sessionId, info.durationMs / 1000);
            // Charged once per session (the ledger ignores a repeat), refunded by failSession.
            await usage.charge(ownerId, info.durationMs / 1000, sessionId);
            return { durationMs: info.durationMs };
          }),
        ),
      );
    },

    async prepareAudio({ sessionId }: SessionRef): Promise<PrepareResult> {
      const concurrency = deps.config.TRANSCRIBE_CONCURRENCY;
      const diarizeBeside = diarizeBesideTranscription(deps.config.DIARIZE_BESIDE_TRANSCRIPTION);
      const services = deps.services();
      // Chunk boundaries of an earlier run are kept: finished chunks are only valid for them.
      const existing = await services.chunks.count(sessionId);
      if (existing > 0) return { chunkCount: existing, concurrency, diarizeBeside };
      return mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const { tracks, storageKey } = await services.sessionState.source(sessionId);
            // A multi-track upload is cut track by track (all on one timeline); its chunks are
            // numbered on across tracks, so the workflow transcribes them like any others.
            const sources = tracks?.length
              ? tracks.map((t) => ({ key: t.key, speaker: t.label }))
              : [{ key: storageKey, speaker: null }];
            const rows: PreparedChunk[] = [];
            for (const [n, source] of sources.entries()) {
              const input = await download(deps, source.key, path.join(dir, `source-${n}`));
              const prepared = await prepareAudio(input, path.join(dir, `chunks-${n}`), {
                maxChunkMs: deps.config.PROCESSING_MAX_CHUNK_SECONDS * 1000,
                signal,
              });
              for (const chunk of prepared) {
                const index = rows.length;
                await deps.storage.put(chunkAudioKey(sessionId, index), createReadStream(chunk.path), { signal });
                const { startMs, ownStartMs, durationMs } = chunk;
                rows.push({
                  index,
                  startMs,
                  ownStartMs,
                  durationMs,
                  storageKey: chunkAudioKey(sessionId, index),
                  speaker: source.speaker,
                });
              }
            }
            await services.chunks.create(sessionId, rows);
            return { chunkCount: rows.length, concurrency, diarizeBeside };
          }),
        ),
      );
    },

    async transcribeChunk({ sessionId, index }: ChunkRef): Promise<ChunkResult> {
      const services = deps.services();
      const { chunks, sessionState } = services;
      const chunk = await chunks.get(sessionId, index);
      if (chunk.done) return { index, words: chunk.words.length, reused: true };
      const { languageCode: language } = await mapFailures(() => sessionState.source(sessionId));
      // The names the campaign learned so far (docs/speech-contract.md), capped to what Whisper keeps.
      const { prompt } = await services.vocabulary(sessionId);
      const estimate = estimateWhileTranscribing(deps, await chunks.progress(sessionId), chunk);
      const transcript = await mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const file = path.join(dir, `chunk-${String(index).padStart(4, '0')}.wav`);
            await deps.storage.download(chunk.storageKey, file);
            return deps.engines.speechToText.transcribe(file, {
              // Measured (engines/transcript/fixtures/README.md): the names as a prompt help the
              // service's tiny.en (which does not condition on earlier text); hotwords hurt.
              prompt,
              language: spokenLanguage(language),
              signal,
              onProgress: (fraction) => Context.current().heartbeat(fraction),
            });
          }),
        ),
      ).finally(estimate.stop);
      const { done, total } = await chunks.saveTranscript(chunk, transcript);
      await saveStatus(deps, sessionId, { progress: transcriptionProgress(done, total) });
      return { index, words: transcript.words.length, reused: false };
    },
  };
}

/**
 * Diarization beside the transcription only with cores to spare: on this 2-core machine the hour
 * bench took 432 s side by side and 356 s one after the other at the same load (docs/speakers.md).
 */
export function diarizeBesideTranscription(setting: 'auto' | 'on' | 'off', cores = os.availableParallelism()): boolean {
  return setting === 'auto' ? cores > 2 : setting === 'on';
}

const ESTIMATE_EVERY_MS = 3000;

/**
 * Moves the progress bar while one chunk is transcribed, by the time it should take: a recording
 * shorter than a chunk would otherwise sit at the stage's start until all of it is done. Progress
 * only ever grows (SessionStateService.save), so lanes estimating at once never pull it back.
 */
function estimateWhileTranscribing(
  deps: ProcessingDeps,
  { done, total }: { done: number; total: number },
  chunk: { session: { id: string }; durationMs: number },
): { stop: () => void } {
  const sessionId = chunk.session.id;
  const started = Date.now();
  const timer = setInterval(() => {
    const share = estimatedShare(Date.now() - started, chunk.durationMs);
    saveStatus(deps, sessionId, { progress: transcriptionProgress(done + share, total) }).catch(() => undefined);
  }, ESTIMATE_EVERY_MS);
  return { stop: () => clearInterval(timer) };
}
