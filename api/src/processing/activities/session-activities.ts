import type { FailSessionInput, SessionProcessingActivities, SessionRef, StageUpdate } from '@questlog/workflows';
import { CampaignSummary, CampaignSummaryType } from '../../modules/campaigns/campaign-summary.entity';
import { PlanService } from '../../modules/plans/plan.service';
import { Session, SessionStatus } from '../../modules/sessions/session.entity';
import { SessionChunk } from '../../modules/transcripts/session-chunk.entity';
import { UsageService } from '../../modules/usage/usage.service';
import { fork, saveStatus, type ProcessingDeps } from './activity-deps';

type SessionActivities = Pick<
  SessionProcessingActivities,
  'setStage' | 'finishSession' | 'failSession' | 'refreshCampaignSummaries'
>;

/** Which session text each campaign summary is built from, session after session in play order. */
const CAMPAIGN_SOURCES: Array<[CampaignSummaryType, (s: Session) => string]> = [
  [CampaignSummaryType.BRIEF, (s) => s.summaryVeryShort],
  [CampaignSummaryType.MODERATE, (s) => s.briefSummary],
  [CampaignSummaryType.DETAILED, (s) => s.moderateSummary],
  [CampaignSummaryType.FULL, (s) => s.detailedSummary],
];

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
      const chunks = await fork(deps).find(SessionChunk, { session: sessionId }, { fields: ['storageKey'] });
      for (const chunk of chunks) await deps.storage.delete(chunk.storageKey);
      await saveStatus(deps, sessionId, { status: SessionStatus.READY, stage: null, progress: 1, failureReason: null });
    },

    async failSession({ sessionId, reason }: FailSessionInput): Promise<void> {
      const em = fork(deps);
      if (!(await em.count(Session, { id: sessionId }))) return;
      await new UsageService(em, new PlanService(deps.config)).refund(sessionId);
      await saveStatus(deps, sessionId, { status: SessionStatus.FAILED, stage: null, failureReason: reason });
    },

    async refreshCampaignSummaries({ sessionId }: SessionRef): Promise<void> {
      const em = fork(deps);
      const session = await em.findOne(Session, { id: sessionId }, { fields: ['campaign'] });
      if (!session) return;
      const campaignId = session.campaign.id;
      const sessions = await em.find(
        Session,
        { campaign: campaignId, status: SessionStatus.READY },
        { orderBy: { createdAt: 'asc' } },
      );
      const existing = await em.find(CampaignSummary, { campaign: campaignId });
      for (const [type, pick] of CAMPAIGN_SOURCES) {
        const text = sessions
          .filter((s) => pick(s).trim())
          .map((s) => `${s.title}\n${pick(s).trim()}`)
          .join('\n\n');
        const row = existing.find((r) => r.type === type) ?? em.create(CampaignSummary, { campaign: campaignId, type });
        // The owner's own words win over the generated text.
        if (!row.editedByOwner) row.text = text;
      }
      await em.flush();
    },
  };
}
