import type { CampaignRole } from '../policy/policy';
import type { Campaign } from '../kernel/entities/campaign.entity';
import type { Session } from '../kernel/entities/session.entity';
import type { SessionContent } from '../modules/sessions';
import type { z } from 'zod';
import type { CampaignDetails, CampaignEntry, SessionDetails, TranscriptEntry } from './campaigns.schemas';

/**
 * The REST bodies of docs/campaigns-contract.md, built in one place so shims stay a few lines; from
 * entities or from the services' plain list rows alike (they share the fields read here).
 */
export function campaignEntry(
  c: Pick<Campaign, 'id' | 'title' | 'createdAt' | 'lastEditedAt'>,
): z.infer<typeof CampaignEntry> {
  return { id: c.id, title: c.title, created_at: c.createdAt.toISOString(), lastEdited: c.lastEditedAt.toISOString() };
}

/** A session as the archive sidebar lists it (no content: that comes with get_session_details). */
export function transcriptEntry(
  s: Pick<Session, 'id' | 'title' | 'createdAt' | 'status' | 'originalFileName'>,
): z.infer<typeof TranscriptEntry> {
  return {
    id: s.id,
    title: s.title,
    created_at: s.createdAt.toISOString(),
    status: s.status,
    originalFileName: s.originalFileName,
  };
}

export function campaignDetails(
  c: Parameters<typeof campaignEntry>[0],
  role: CampaignRole,
  sessions: ReadonlyArray<Parameters<typeof transcriptEntry>[0]>,
): z.infer<typeof CampaignDetails> {
  return { ...campaignEntry(c), role, transcripts: sessions.map(transcriptEntry) };
}

/** A session with its texts as the caller may read them (SessionService.content). */
export function sessionDetails(
  s: Session,
  role: CampaignRole,
  content: SessionContent,
): z.infer<typeof SessionDetails> {
  return {
    ...transcriptEntry(s),
    campaign_id: s.campaign.id,
    role,
    stage: s.stage ?? null,
    progress: s.progress,
    failureReason: s.failureReason ?? null,
    briefSummary: content.briefSummary,
    moderateSummary: content.moderateSummary,
    detailedSummary: content.detailedSummary,
    fullTranscript: content.fullTranscript,
    recap: content.recap,
  };
}

export const ok = (message: string) => ({ success: true as const, message });
