import {
  CancellationScope,
  condition,
  defineSignal,
  log,
  patched,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import {
  CAMPAIGN_MEMORY_PATCH,
  PLAYERS_AUDIO_PATCH,
  type SessionProcessingActivities,
  type SessionRef,
} from './activities';
import { LINES_CORRECTED_SIGNAL, type SummaryRefreshActivities } from './refresh-activities';

export const linesCorrected = defineSignal(LINES_CORRECTED_SIGNAL);

/** Corrections come in bursts (an owner going down the transcript): this long without one ends the burst. */
export const REFRESH_QUIET = '3 seconds';

const db = proxyActivities<SessionProcessingActivities & SummaryRefreshActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

// As in processSession: summaries read the whole transcript (a language model may take minutes).
const language = proxyActivities<SessionProcessingActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '2 minutes',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 6 },
});

/**
 * After the owner corrects lines — flips them between in-game and table talk or GM-only and
 * shared, or edits their text, one line or the whole transcript — or renames a voice of the cast
 * that speaks in the session (summaries tell who did what by the cast's names) (id
 * `session-<id>-summaries`, started or signalled by each correction): waits until the corrections
 * stop for REFRESH_QUIET, then writes the session's summaries and the campaign's again from the
 * in-game lines, and again while more arrived meanwhile. Ten quick flips make one refresh. The
 * session shows stage "summarize" only that long; then come the slower activities: the players' copy of
 * the recording (silent over GM-only lines) and the campaign memory a chat model writes. Corrections
 * made meanwhile start the round again. The Q&A index needs none of this: each correction
 * re-indexes its line at once.
 */
export async function refreshSessionSummaries({ sessionId }: SessionRef): Promise<void> {
  let received = 0;
  setHandler(linesCorrected, () => void received++);
  let summarized = 0;
  do {
    await db.beginSummaryRefresh({ sessionId });
    try {
      do {
        let seen: number;
        do seen = received;
        while (await condition(() => received !== seen, REFRESH_QUIET));
        summarized = received;
        await language.summarizeSession({ sessionId });
        await db.refreshCampaignSummaries({ sessionId });
      } while (received !== summarized);
    } finally {
      await CancellationScope.nonCancellable(() =>
        db.endSummaryRefresh({ sessionId }).catch((err: unknown) => {
          log.warn('session stage not cleared after the summary refresh', { sessionId, error: String(err) });
        }),
      );
    }
    if (patched(PLAYERS_AUDIO_PATCH)) {
      await language.makePlayersAudio({ sessionId }).catch((err: unknown) => {
        // Recipients are told the recording is being prepared; the next correction tries again.
        log.warn('players audio not made', { sessionId, error: String(err) });
      });
    }
    if (patched(CAMPAIGN_MEMORY_PATCH)) {
      await language.writeCampaignMemory({ sessionId }).catch((err: unknown) => {
        // The offline index and threads stand in until the next refresh writes them.
        log.warn('campaign memory not written', { sessionId, error: String(err) });
      });
    }
  } while (received !== summarized);
}
