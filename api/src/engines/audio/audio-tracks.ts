import fs from 'node:fs/promises';
import {
  extractAudioEntries,
  ZIP_MESSAGES,
  ZipRefusedError,
  type ZipLimits,
  type ZipTrack,
} from '../../adapters/archive/audio-zip';
import { AudioRejectedError } from './audio-errors';
import { probeAudio, type AudioInfo } from './probe-audio';

export interface Track extends ZipTrack {
  audio: AudioInfo;
}

/**
 * A multi-track upload's tracks: extracted from the ZIP into `destDir` (created), each checked to be
 * audio, or ZipRefusedError and `destDir` removed. An entry named as audio that is not audio refuses
 * the upload.
 */
export async function extractAudioTracks(
  zipPath: string,
  destDir: string,
  limits: ZipLimits,
  options: { signal?: AbortSignal } = {},
): Promise<Track[]> {
  await fs.mkdir(destDir, { recursive: true });
  try {
    const tracks: Track[] = [];
    for (const track of await extractAudioEntries(zipPath, destDir, limits)) {
      try {
        tracks.push({ ...track, audio: await probeAudio(track.path, { signal: options.signal }) });
      } catch (err) {
        if (err instanceof AudioRejectedError) throw new ZipRefusedError(ZIP_MESSAGES.notAudio(track.file));
        throw err;
      }
    }
    return tracks;
  } catch (err) {
    await fs.rm(destDir, { recursive: true, force: true });
    throw err;
  }
}
