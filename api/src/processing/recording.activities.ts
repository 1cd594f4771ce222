import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/activity';
import {
  AUDIO_REJECTED,
  type CutInput,
  type CutResult,
  type RecordingActivities,
  type RecordingRef,
} from '@questlog/workflows';
import { RecordingState } from '../kernel/entities/recording.entity';
import { concatSegments, cutOptions, cutSegment } from '../engines/audio/recording-cut';
import { recordingStage } from '../modules/recordings';
import { joinParts } from '../storage/join-parts';
import { chunkAudioKey, sessionAudioKey } from '../storage/storage-key';
import { mapFailures, saveStatus, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-runtime';
import { transcriptActivities } from './transcript.activities';

/** The recording workflow's activities: cut what arrived, show the lines, assemble the audio. */
export function recordingActivities(deps: ProcessingDeps): RecordingActivities {
  return {
    async cutRecording({ sessionId, final }: CutInput): Promise<CutResult> {
      const state = await mapFailures(() => deps.services().recordings.state(sessionId));
      if (state === RecordingState.FINISHED) return { chunks: [], finishing: true, finished: true };
      const created = await mapFailures(() =>
        withHeartbeat((signal) => withWorkDir(sessionId, (dir) => cutNew(deps, sessionId, final, dir, signal))),
      );
      return { chunks: created, finishing: state === RecordingState.FINISHING, finished: false };
    },

    async showLiveTranscript({ sessionId }: RecordingRef): Promise<void> {
      const { chunks, recordings } = deps.services();
      const all = await chunks.all(sessionId);
      // Every chunk cut so far is transcribed when the workflow gets here; the lines are rebuilt from them.
      if (all.length && all.every((c) => c.done)) {
        await transcriptActivities(deps).assembleTranscript({ sessionId });
      }
      const state = await mapFailures(() => recordings.state(sessionId));
      const transcribedMs = all.filter((c) => c.done).reduce((sum, c) => sum + c.durationMs, 0);
      // The stage line says how far it is; a progress bar has no end to measure against while recording.
      const stage = recordingStage(transcribedMs, state !== RecordingState.RECORDING);
      await saveStatus(deps, sessionId, { stage, progress: 0 });
    },

    async stopRecording({ sessionId }: RecordingRef): Promise<void> {
      await deps.services().recordings.stop(sessionId);
    },

    async assembleRecording({ sessionId }: RecordingRef): Promise<void> {
      const { recordings: store } = deps.services();
      if ((await mapFailures(() => store.state(sessionId))) === RecordingState.FINISHED) return;
      const segments = (await store.segments(sessionId)).filter((s) => s.contiguousKeys.length > 0);
      if (!segments.length) throw ApplicationFailure.nonRetryable('Nothing was recorded.', AUDIO_REJECTED);
      const key = sessionAudioKey(sessionId, '.webm');
      await mapFailures(() =>
        withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const files: string[] = [];
            for (const segment of segments) files.push(await joined(deps, segment.index, segment.contiguousKeys, dir));
            const original = path.join(dir, 'original.webm');
            await concatSegments(files, original, signal);
            const { size } = await deps.storage.put(key, createReadStream(original), { signal });
            const partKeys = await store.partKeys(sessionId);
            await store.finish(sessionId, { storageKey: key, sizeBytes: size, mimeType: 'audio/webm' });
            for (const partKey of partKeys) await deps.storage.delete(partKey);
          }),
        ),
      );
    },
  };
}

/**
 * Cuts the segments in order: a segment that a newer one follows, or every segment when the
 * recording stopped, to its end; the newest, while live, only as far as whole chunks are ready.
 * Chunk rows and the segment's new cut point are written in one transaction, so a retry after a
 * crash cuts the same audio into the same chunk indexes again instead of twice.
 */
async function cutNew(
  deps: ProcessingDeps,
  sessionId: string,
  final: boolean,
  dir: string,
  signal: AbortSignal,
): Promise<number[]> {
  const { config } = deps;
  const sizes = {
    liveChunkMs: config.RECORDING_LIVE_CHUNK_SECONDS * 1000,
    marginMs: config.RECORDING_LIVE_MARGIN_SECONDS * 1000,
    maxChunkMs: config.PROCESSING_MAX_CHUNK_SECONDS * 1000,
  };
  const services = deps.services();
  const segments = await services.recordings.segments(sessionId);
  const created: number[] = [];
  let offsetMs = 0;
  for (const [i, segment] of segments.entries()) {
    if (segment.durationMs !== null) {
      offsetMs += segment.durationMs;
      continue;
    }
    const toEnd = final || i < segments.length - 1;
    const plan = segment.contiguousKeys.length
      ? await cutSegment(
          await joined(deps, segment.index, segment.contiguousKeys, dir),
          segment.cutMs,
          dir,
          cutOptions(sizes, toEnd, signal),
        )
      : { cutMs: 0, durationMs: toEnd ? 0 : null, chunks: [] };
    const first = await services.chunks.count(sessionId);
    const rows = plan.chunks.map((chunk, n) => ({
      index: first + n,
      startMs: offsetMs + chunk.startMs,
      durationMs: chunk.durationMs,
      storageKey: chunkAudioKey(sessionId, first + n),
    }));
    for (const [n, chunk] of plan.chunks.entries()) {
      await deps.storage.put(rows[n].storageKey, createReadStream(chunk.path), { signal });
      await fs.rm(chunk.path, { force: true });
    }
    await services.transaction(async ({ chunks, recordings }) => {
      if (rows.length) await chunks.create(sessionId, rows);
      await recordings.markCut(sessionId, segment.index, plan.cutMs, plan.durationMs);
    });
    created.push(...rows.map((r) => r.index));
    if (plan.durationMs === null) break;
    offsetMs += plan.durationMs;
  }
  return created;
}

async function joined(deps: ProcessingDeps, index: number, keys: string[], dir: string): Promise<string> {
  const file = path.join(dir, `segment-${index}.rec`);
  await joinParts(deps.storage, keys, file);
  return file;
}
