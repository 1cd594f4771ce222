import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { AudioRejectedError } from '../../engines/audio/audio-errors';
import { mixForBrowser, playsInBrowsers, renderForBrowser } from '../../engines/audio/browser-rendition';
import { probeFormat } from '../../engines/audio/probe-audio';
import { withLocalFile } from '../../storage/local-copy';
import { renditionAudioKey } from '../../storage/storage-key';
import { mapFailures, sessionState, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-deps';

type RenditionActivities = Pick<SessionProcessingActivities, 'makeAudioRendition'>;

/** The copy of a session's recording that the transcript player streams (engines/audio/browser-rendition.ts). */
export function renditionActivities(deps: ProcessingDeps): RenditionActivities {
  return {
    async makeAudioRendition({ sessionId }: SessionRef): Promise<void> {
      const key = renditionAudioKey(sessionId);
      return mapFailures(async () => {
        // A new run of the workflow (retry, reset) keeps the rendition an earlier run stored.
        if (await deps.storage.exists(key)) return;
        const { storageKey, tracks } = await sessionState(deps).source(sessionId);
        if (!storageKey) throw new AudioRejectedError('missing');
        await withHeartbeat((signal) =>
          withWorkDir(sessionId, async (dir) => {
            const output = path.join(dir, 'rendition.m4a');
            if (tracks && tracks.length > 1) {
              const inputs = tracks.map((t, i) => path.join(dir, `track-${i}${path.extname(t.key)}`));
              for (const [i, t] of tracks.entries()) await deps.storage.download(t.key, inputs[i]);
              await mixForBrowser(inputs, output, { signal });
              await deps.storage.put(key, createReadStream(output), { signal });
              return;
            }
            const made = await withLocalFile(deps.storage, storageKey, dir, async (input) => {
              if (playsInBrowsers(await probeFormat(input, { signal }))) return false;
              await renderForBrowser(input, output, { signal });
              return true;
            });
            if (made) await deps.storage.put(key, createReadStream(output), { signal });
          }),
        );
      });
    },
  };
}
