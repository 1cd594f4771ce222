import fs from 'node:fs/promises';
import path from 'node:path';
import { log } from '@temporalio/activity';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { DiarizationUnavailableError, type Diarization } from '../engines/diarization/diarizer';
import { assignSpeakers } from '../engines/diarization/line-speakers';
import { MAX_DIARIZATION_BYTES } from '../engines/diarization/speech-service-diarizer';
import { matchVoices } from '../engines/diarization/voice-match';
import { runCommand } from '../engines/run-command';
import { speakersOf } from '../engines/transcript/session-lines';
import { withLocalFile } from '../storage/local-copy';
import { mapFailures, withHeartbeat, withWorkDir, type ProcessingDeps } from './step-runtime';

type DiarizationSteps = Pick<SessionProcessingActivities, 'diarizeSpeakers'>;

/** Said once per worker: a speech service without the endpoint stays so, and every session would repeat it. */
let saidUnavailable = false;

/**
 * Who spoke each line of a single-track session: the speech service tells the voices apart on the
 * whole recording, voices the campaign's cast knows by their voice print keep their label (and so
 * the names the GM gave them), new ones join the cast as "Speaker N".
 */
export function diarizationSteps(deps: ProcessingDeps): DiarizationSteps {
  return {
    async diarizeSpeakers({ sessionId }: SessionRef): Promise<number> {
      const diarizer = deps.engines.diarizer;
      if (!diarizer) return 0;
      const services = deps.services();
      const { tracks, storageKey } = await mapFailures(() => services.sessionState.source(sessionId));
      const lines = await services.transcripts.heardLines(sessionId);
      // Multi-track uploads keep their tracks; an engine that labelled its own lines is kept too.
      if (tracks?.length || !storageKey || !lines.length || speakersOf(lines).length) return 0;
      let found: Diarization;
      try {
        found = await mapFailures(() =>
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
        return 0;
      }
      if (!found.voices.length) return 0;
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
          found.voices
            .filter((v) => heard.includes(labels.get(v.voice)!))
            .map((v) => [labels.get(v.voice)!, v.embedding]),
        );
        await tx.voicePrints.remember(campaignId, prints);
        return heard.length;
      });
    },
  };
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
