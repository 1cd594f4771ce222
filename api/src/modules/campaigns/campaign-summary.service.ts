import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer';
import { badInput, notFound } from '../../kernel/errors';
import type { Policy } from '../../policy/policy';
import { Session, SessionStatus } from '../../kernel/entities/session.entity';
import { campaignTranscript } from './campaign-summary.transcript';
import type { TranscriptService } from '../transcripts';
import { Campaign } from '../../kernel/entities/campaign.entity';
import { CampaignSummary, CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';
import { touch } from '../../kernel/entities/campaign.entity';
import {
  CAMPAIGN_MESSAGES,
  SUMMARY_TYPE_BY_NAME,
  contentSchema,
  isSummaryName,
  parseField,
  type SummaryName,
} from './campaign.schemas';

/** The four campaign summaries by REST name; a kind nobody has written yet reads as ''. */
export type CampaignSummaryTexts = Record<SummaryName, string>;

export const SUMMARY_NOT_FOUND = 'Summary not found';
/** The campaign's full transcript is its sessions' transcripts, so there is nothing to write here. */
export const TRANSCRIPT_READ_ONLY =
  "A campaign's full transcript is its sessions' transcripts: edit them in each session";

/** Which session text each campaign summary is built from, session after session in play order. */
const CAMPAIGN_SOURCES: Array<[CampaignSummaryType, (s: Session) => string]> = [
  [CampaignSummaryType.BRIEF, (s) => s.summaryVeryShort],
  [CampaignSummaryType.MODERATE, (s) => s.briefSummary],
  [CampaignSummaryType.DETAILED, (s) => s.moderateSummary],
  [CampaignSummaryType.FULL, (s) => s.detailedSummary],
];

/** Campaign-level summaries: read by anyone who may read the campaign, written by the owner. */
export class CampaignSummaryService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    /** Reads each session's transcript for the campaign's full one. */
    private readonly transcripts: TranscriptService,
  ) {}

  /**
   * The summaries of a readable campaign, both as rows and as the four REST fields; `fullTranscript`
   * is the sessions' transcripts as the viewer may read them (no GM-only line for a recipient).
   */
  async get(viewer: Viewer, campaignId: unknown): Promise<{ texts: CampaignSummaryTexts; rows: CampaignSummary[] }> {
    const { campaign, role } = await this.policy.readCampaign(viewer, campaignId);
    const rows = await this.summariesOf(campaign);
    const texts = {
      ...textsOf(rows),
      fullTranscript: await campaignTranscript(this.em, this.transcripts, campaign.id, role),
    };
    return { texts, rows: rows.filter((r) => r.type !== CampaignSummaryType.FULL) };
  }

  /**
   * Rebuilds the generated summaries of the campaign a session belongs to from its READY
   * sessions (processing calls it when a session is done); the owner's own words stay. They are
   * read by everyone the campaign is shared with, so sessions whose summaries are GM-only stay out.
   */
  async regenerateFor(sessionId: string): Promise<void> {
    const session = await this.em.findOne(Session, { id: sessionId }, { fields: ['campaign'] });
    if (!session) return;
    await this.em.transactional((tx) => this.regenerateIn(tx, session.campaign.id));
  }

  /**
   * The same inside a caller's transaction (a rename, whose new title the summaries name). The
   * campaign row is locked first, as every edit of a session and its campaign does
   * (lockSessionForEdit), so concurrent rebuilds of one campaign take turns: none races another to
   * create the same row (the unique kind per campaign), and the last to run reads the last title.
   */
  async regenerateIn(tx: EntityManager, campaignId: string): Promise<void> {
    await tx.execute('select id from campaigns where id = ? for update', [campaignId]);
    const sessions = await tx.find(
      Session,
      { campaign: campaignId, status: SessionStatus.READY, summariesGmOnly: false },
      { orderBy: { createdAt: 'asc' }, refresh: true },
    );
    const existing = await tx.find(CampaignSummary, { campaign: campaignId }, { refresh: true });
    for (const [type, pick] of CAMPAIGN_SOURCES) {
      const text = sessions
        .filter((s) => pick(s).trim())
        .map((s) => `${s.title}\n${pick(s).trim()}`)
        .join('\n\n');
      const row = existing.find((r) => r.type === type) ?? tx.create(CampaignSummary, { campaign: campaignId, type });
      if (!row.editedByOwner) row.text = text;
    }
    await tx.flush();
  }

  /** Rows of one campaign in a fixed kind order; batched across campaigns by the dataloader. */
  async summariesOf(campaign: Campaign): Promise<CampaignSummary[]> {
    const rows = (await campaign.summaries.load()).getItems();
    const order = Object.values(CampaignSummaryType);
    return [...rows].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  }

  /** Replaces the text of an existing summary row of the campaign. */
  async updateById(viewer: Viewer, campaignId: unknown, summaryId: unknown, text: unknown): Promise<CampaignSummary> {
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const newText = parseField('text', contentSchema, text);
    const rows = await this.summariesOf(campaign);
    const summary = rows.find((r) => r.id === summaryId && r.type !== CampaignSummaryType.FULL);
    if (!summary) throw notFound(SUMMARY_NOT_FOUND);
    summary.text = newText;
    summary.editedByOwner = true;
    touch(campaign);
    await this.em.flush();
    return summary;
  }

  /** Writes the summary of one kind, creating the row the first time. */
  async updateByType(viewer: Viewer, campaignId: unknown, type: unknown, text: unknown): Promise<CampaignSummary> {
    const campaign = await this.policy.ownCampaign(viewer, campaignId);
    const kind = toKind(type);
    if (kind === CampaignSummaryType.FULL) throw badInput(TRANSCRIPT_READ_ONLY, 'type');
    const newText = parseField('text', contentSchema, text);
    const rows = await this.summariesOf(campaign);
    const summary = rows.find((r) => r.type === kind) ?? this.em.create(CampaignSummary, { campaign, type: kind });
    summary.text = newText;
    summary.editedByOwner = true;
    touch(campaign);
    await this.em.flush();
    return summary;
  }
}

/** Accepts the REST names (briefSummary, …) and the GraphQL enum values (brief, …). */
function toKind(type: unknown): CampaignSummaryType {
  if (isSummaryName(type)) return SUMMARY_TYPE_BY_NAME[type];
  if (Object.values(CampaignSummaryType).includes(type as CampaignSummaryType)) return type as CampaignSummaryType;
  throw badInput(CAMPAIGN_MESSAGES.summaryTypeUnknown, 'type');
}

function textsOf(rows: CampaignSummary[]): CampaignSummaryTexts {
  const texts: CampaignSummaryTexts = {
    briefSummary: '',
    moderateSummary: '',
    detailedSummary: '',
    fullTranscript: '',
  };
  for (const [name, kind] of Object.entries(SUMMARY_TYPE_BY_NAME) as Array<[SummaryName, CampaignSummaryType]>) {
    texts[name] = rows.find((r) => r.type === kind)?.text ?? '';
  }
  return texts;
}
