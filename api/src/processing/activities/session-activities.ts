import type { FailSessionInput, SessionProcessingActivities, SessionRef, StageUpdate } from '@questlog/workflows';
import { CampaignIndexService } from '../../modules/campaign-index/campaign-index.service';
import { CampaignMemoryService } from '../../modules/campaign-index/campaign-memory.service';
import { CampaignSummaryService } from '../../modules/campaigns/campaign-summary.service';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { Policy } from '../../policy/policy';
import {
  chunks,
  fork,
  mapFailures,
  saveStatus,
  sessionState,
  usage,
  withHeartbeat,
  type ProcessingDeps,
} from './activity-deps';

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
      // READY means finished, clean-up included; deleting is idempotent should this step be retried.
      for (const key of await chunks(deps).storageKeys(sessionId)) await deps.storage.delete(key);
      await saveStatus(deps, sessionId, { status: SessionStatus.READY, stage: null, progress: 1, failureReason: null });
    },

    async failSession({ sessionId, reason }: FailSessionInput): Promise<void> {
      if (!(await sessionState(deps).exists(sessionId))) return;
      await usage(deps).refund(sessionId);
      await saveStatus(deps, sessionId, { status: SessionStatus.FAILED, stage: null, failureReason: reason });
    },

    // The campaign-wide texts after a session changed: its summaries, and its index of names.
    async refreshCampaignSummaries({ sessionId }: SessionRef): Promise<void> {
      const em = fork(deps);
      await new CampaignSummaryService(em, new Policy(em)).regenerateFor(sessionId);
      await new CampaignIndexService(fork(deps), new Policy(em)).rebuildForSession(sessionId);
    },

    async writeCampaignMemory({ sessionId }: SessionRef): Promise<void> {
      const memory = new CampaignMemoryService(fork(deps), deps.engines.memoryWriter);
      await mapFailures(() => withHeartbeat((signal) => memory.writeForSession(sessionId, { signal })));
    },
  };
}
