import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { log } from '@temporalio/activity';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { DiarizationUnavailableError, type Diarization } from '../engines/diarization/diarizer';
import { assignSpeakers } from '../engines/diarization/line-speakers';
import { MAX_DIARIZATION_BYTES } from '../engines/diarization/speech-service-diarizer';
import { matchVoices } from '../engines/diarization/voice-match';
import { runCommand } from '../adapters/process/run-command';
import type { TranscriptLine as HeardLine } from '../engines/transcript/lines';
import { speakersOf } from '../engines/transcript/session-lines';
import { withLocalFile } from '../storage/local-copy';
import { checkKey, sessionPrefix } from '../storage/storage-key';
import { mapFailures, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-runtime';

type DiarizationActivities = Pick<SessionProcessingActivities, 'diarizeSpeakers' | 'findVoices' | 'assignVoices'>;

/** Said once per worker: a speech service without the endpoint stays so, and every session would repeat it. */
let saidUnavailable = false;

/** Where findVoices keeps what it found until assignVoices reads it (with the session's audio, so deleted with it). */
const voicesKey = (sessionId: string) => checkKey(`${sessionPrefix(sessionId)}voices.json`);

/**
 * Who spoke each line of a single-track session: the speech service tells the voices apart on the
 * whole recording, voices the campaign's cast knows by their voice print keep their label (and so
 * the names the GM gave them), new ones join the cast as "Speaker N". New runs find the voices
 * beside the transcription (findVoices) and give them to the lines once assembled (assignVoices);
 * runs started before that do both after assembling (diarizeSpeakers).
 */
export function diarizationActivities(deps: ProcessingDeps): DiarizationActivities {
  return {
    async diarizeSpeakers({ sessionId }: SessionRef): Promise<number> {
      const { tracks, storageKey } = await mapFailures(() => deps.services().sessionState.source(sessionId));
      const lines = await deps.services().transcripts.heardLines(sessionId);
      // Multi-track uploads keep their tracks; an engine that labelled its own lines is kept too.
      if (tracks?.length || !storageKey || !lines.length || speakersOf(lines).length) return 0;
      const found = await hear(deps, sessionId, storageKey);
      return found?.voices.length ? assign(deps, sessionId, lines, found) : 0;
    },

    async findVoices({ sessionId }: SessionRef): Promise<number> {
      const { tracks, storageKey } = await mapFailures(() => deps.services().sessionState.source(sessionId));
      if (tracks?.length || !storageKey) return 0;
      const found = await hear(deps, sessionId, storageKey);
      if (!found?.voices.length) return 0;
      await deps.storage.put(voicesKey(sessionId), Readable.from([JSON.stringify(found)]));
      return found.voices.length;
    },

    async assignVoices({ sessionId }: SessionRef): Promise<number> {
      const key = voicesKey(sessionId);
      if (!(await deps.storage.exists(key))) return 0;
      const found = JSON.parse(await text(await deps.storage.get(key))) as Diarization;
      const lines = await deps.services().transcripts.heardLines(sessionId);
      // An engine that labelled its own lines is kept; so are lines a retry of this activity labelled already.
      const given = lines.length && !speakersOf(lines).length ? await assign(deps, sessionId, lines, found) : 0;
      await deps.storage.delete(key);
      return given;
    },
  };
}

/** The voices on the session's recording; null where the speech service cannot diarize. */
async function hear(deps: ProcessingDeps, sessionId: string, storageKey: string): Promise<Diarization | null> {
  const diarizer = deps.engines.diarizer;
  if (!diarizer) return null;
  try {
    return await mapFailures(() =>
      withHeartbeat((signal) =>
        withWorkDir(sessionId, (dir) =>
          withLocalFile(deps.storage, storageKey, dir, async (input) => {
            const audio = await speechAudio(input, dir, signal);
            return diarizer.diarize(audio, { signal });
          }),
        ),
      ),
    );
  } catch (error) {
    if (!(error instanceof DiarizationUnavailableError)) throw error;
    if (!saidUnavailable) log.warn('no diarization: lines keep no speaker', { reason: error.message });
    saidUnavailable = true;
    return null;
  }
}

/** Each line's voice, as a cast label (a known voice print keeps its own); new voices join the cast. */
async function assign(
  deps: ProcessingDeps,
  sessionId: string,
  lines: HeardLine[],
  found: Diarization,
): Promise<number> {
  const services = deps.services();
  const campaignId = await services.transcripts.campaignOf(sessionId);
  return services.transaction(async (tx) => {
    const known = await tx.voicePrints.known(campaignId);
    const labels = matchVoices(found.voices, known.voices, known.labels);
    const labelled = assignSpeakers(lines, found.segments, (voice) => labels.get(voice) ?? voice);
    const heard = speakersOf(labelled);
    await tx.addToCast(campaignId, heard);
    await tx.transcripts.replaceLines(sessionId, labelled);
    // Only voices heard on a line: a voice the clustering found in noise alone teaches no print.
    const prints = new Map(
      found.voices.filter((v) => heard.includes(labels.get(v.voice)!)).map((v) => [labels.get(v.voice)!, v.embedding]),
    );
    // The session's own part of each print, replacing what an earlier run of it taught.
    await tx.voicePrints.remember(campaignId, sessionId, prints, found.windows);
    return heard.length;
  });
}

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

/**
 * The recording as 16 kHz mono, as the pipeline's chunks hear it, in one file under the service's
 * 100 MB: FLAC (lossless) holds about three hours; longer sessions go as Opus.
 */
async function speechAudio(input: string, dir: string, signal: AbortSignal): Promise<string> {
  const encode = async (name: string, codec: string[]) => {
    const output = path.join(dir, name);
    const run = await runCommand(
      'ffmpeg',
      ['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y', '-i', `file:${path.resolve(input)}`].concat([
        '-map',
        '0:a:0',
        '-ac',
        '1',
        '-ar',
        '16000',
        ...codec,
        `file:${output}`,
      ]),
      { signal, timeoutMs: 30 * 60_000, background: true },
    );
    // probeAudio decoded the file already: a failure here is the machine's (disk, memory), retryable.
    if (run.code !== 0)
      throw new Error(`ffmpeg could not convert the recording: ${run.stderr.trim().split('\n').pop()}`);
    return output;
  };
  const flac = await encode('speech.flac', ['-c:a', 'flac']);
  if ((await fs.stat(flac)).size < MAX_DIARIZATION_BYTES) return flac;
  await fs.rm(flac, { force: true });
  return encode('speech.ogg', ['-c:a', 'libopus', '-b:a', '32k']);
}
