import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { SessionProcessingActivities, SessionRef } from '@questlog/workflows';
import { AudioRejectedError } from '../engines/audio/audio-errors';
import { mixForBrowser, playsInBrowsers, renderForBrowser } from '../engines/audio/browser-rendition';
import { probeFormat } from '../engines/audio/probe-audio';
import { withLocalFile } from '../storage/local-copy';
import { PLAYERS_AUDIO, renditionAudioKey, sessionPrefix } from '../storage/storage-key';
import { silenceForPlayers } from '../engines/audio/players-rendition';
import { mapFailures, withHeartbeat, withWorkDir, type ProcessingDeps } from './activity-runtime';

type RenditionActivities = Pick<SessionProcessingActivities, 'makeAudioRendition' | 'makePlayersAudio'>;

/**
 * The copies of a session's recording that the transcript player streams: the browser rendition
 * (engines/audio/browser-rendition.ts), and the players' copy, silent over GM-only lines.
 */
export function renditionActivities(deps: ProcessingDeps): RenditionActivities {
  return {
    async makeAudioRendition({ sessionId }: SessionRef): Promise<void> {
      const key = renditionAudioKey(sessionId);
      return mapFailures(async () => {
        // A new run of the workflow (retry, reset) keeps the rendition an earlier run stored.
        if (await deps.storage.exists(key)) return;
        const { storageKey, tracks } = await deps.services().sessionState.source(sessionId);
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

    async makePlayersAudio({ sessionId }: SessionRef): Promise<void> {
      return mapFailures(async () => {
        const services = deps.services();
        const { spans, key } = await services.playersAudio(sessionId);
        const { storageKey } = await services.sessionState.source(sessionId);
        // A session without a recording (an imported transcript) has nothing for players to hear.
        if (key && storageKey && !(await deps.storage.exists(key))) {
          const rendition = renditionAudioKey(sessionId);
          const source = (await deps.storage.exists(rendition)) ? rendition : storageKey;
          await withHeartbeat((signal) =>
            withWorkDir(sessionId, async (dir) => {
              const output = path.join(dir, 'players.m4a');
              await withLocalFile(deps.storage, source, dir, (input) =>
                silenceForPlayers(input, output, spans, { signal }),
              );
              await deps.storage.put(key, createReadStream(output), { signal });
            }),
          );
          // Recipients' players waiting on "being prepared" try again at once.
          await services.sessionState.save(sessionId, {});
        }
        // Copies for earlier marks go (the current one, if any, stays).
        for await (const stored of deps.storage.list(sessionPrefix(sessionId))) {
          if (PLAYERS_AUDIO.test(stored.key) && stored.key !== key) await deps.storage.delete(stored.key);
        }
      });
    },
  };
}
