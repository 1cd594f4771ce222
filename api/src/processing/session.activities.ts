import type { FailSessionInput, SessionProcessingActivities, SessionRef, StageUpdate } from '@questlog/workflows';
import { SessionStatus } from '../kernel/entities/session.entity';
import { mapFailures, saveStatus, withHeartbeat, type ProcessingDeps } from './activity-runtime';
import { sessionPrefix } from '../storage/storage-key';

type SessionActivities = Pick<
  SessionProcessingActivities,
  'setStage' | 'finishSession' | 'failSession' | 'refreshCampaignSummaries' | 'writeCampaignMemory'
>;

/** The session row's life cycle: stages, READY, FAILED (with refund), and the campaign's summaries. */
export function sessionActivities(deps: ProcessingDeps): SessionActivities {
  return {
    async setStage({ sessionId, stage, progress }: StageUpdate): Promise<void> {
      // Also what a new run (retry, operator reset) starts with: PROCESSING again, old reason gone.
      await saveStatus(deps, sessionId, { status: SessionStatus.PROCESSING, stage, progress, failureReason: null });
    },

    async finishSession({ sessionId }: SessionRef): Promise<void> {
      // The chunk audio has served its purpose (the transcripts stay in the rows). It goes first so
      // READY means finished, clean-up included; deleting is idempotent should this activity be retried.
      for (const key of await deps.services().chunks.storageKeys(sessionId)) await deps.storage.delete(key);
      await saveStatus(deps, sessionId, { status: SessionStatus.READY, stage: null, progress: 1, failureReason: null });
    },

    async failSession({ sessionId, reason }: FailSessionInput): Promise<void> {
      const { sessionState, usage } = deps.services();
      // A session deleted mid-run never got what it was charged for; the files the run wrote after
      // the delete listed the session's (its chunks) go with it.
      await usage.refund(sessionId);
      if (!(await sessionState.exists(sessionId))) {
        for await (const stored of deps.storage.list(sessionPrefix(sessionId))) await deps.storage.delete(stored.key);
        return;
      }
      await saveStatus(deps, sessionId, { status: SessionStatus.FAILED, stage: null, failureReason: reason });
    },

    // The campaign-wide texts after a session changed: its summaries, and its index of names.
    async refreshCampaignSummaries({ sessionId }: SessionRef): Promise<void> {
      const { campaignSummaries, campaignIndex } = deps.services();
      await campaignSummaries.regenerateFor(sessionId);
      await campaignIndex.rebuildForSession(sessionId);
    },

    async writeCampaignMemory({ sessionId }: SessionRef): Promise<void> {
      const { campaignMemory } = deps.services();
      await mapFailures(() => withHeartbeat((signal) => campaignMemory.writeForSession(sessionId, { signal })));
    },
  };
}
