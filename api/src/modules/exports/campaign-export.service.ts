import type { EntityManager } from '@mikro-orm/postgresql';
import {
  campaignVault,
  noteName,
  sessionMarkdown,
  type ExportCampaign,
  type ExportSession,
} from '../../engines/exports/markdown';
import { vaultZip } from '../../adapters/archive/vault-zip';
import { mayReadGmOnly, type CampaignRole, type Policy } from '../../policy/policy';
import type { Viewer } from '../../kernel/viewer';
import { CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';
import { type CampaignIndexService, INDEX_KIND_WORDS } from '../campaign-index';
import { fromRow, speakerName, type SpeakerRow } from '../cast';
import { DomainError } from '../../kernel/errors';

export const EXPORT_MESSAGES = {
  nothingToExport: 'This campaign has no processed sessions to export yet',
  sessionNotReady: 'This session has no transcript to export yet',
} as const;

/** A file ready to send. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string | Uint8Array;
}

interface SessionRow {
  id: string;
  title: string;
  played_on: string | null;
  brief_summary: string;
  moderate_summary: string;
  detailed_summary: string;
  summaries_gm_only: boolean;
}

type LineRow = {
  id: string;
  session_id: string;
  start_ms: number;
  text: string;
  speaker: string | null;
  gm_only: boolean;
} & Partial<SpeakerRow>;

/**
 * A session or a whole campaign as Markdown, and a campaign as an Obsidian vault, for whoever may
 * read it: the in-game lines (as the archive shows them by default), the summaries, and the index
 * as the reader may see it (a recipient's export has no hidden or GM-only entry).
 */
export class CampaignExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly index: CampaignIndexService,
  ) {}

  /** The campaign as a ZIP of linked notes. */
  async vault(viewer: Viewer, campaignId: unknown): Promise<ExportFile> {
    const campaign = await this.load(viewer, campaignId);
    const root = noteName(campaign.title);
    return {
      fileName: `${root} (Obsidian vault).zip`,
      contentType: 'application/zip',
      body: vaultZip(campaignVault(campaign), root),
    };
  }

  /** The campaign as one Markdown document: every session, then the index. */
  async campaignMarkdown(viewer: Viewer, campaignId: unknown): Promise<ExportFile> {
    const campaign = await this.load(viewer, campaignId);
    const files = campaignVault(campaign);
    // The vault's notes in order, their links left as they are: Obsidian and most Markdown tools read them.
    const body = files.map((f) => f.content.replace(/^---\n[\s\S]*?\n---\n\n/, '')).join('\n---\n\n');
    return { fileName: `${noteName(campaign.title)}.md`, contentType: 'text/markdown; charset=utf-8', body };
  }

  /** One session's summaries and transcript. */
  async sessionMarkdown(viewer: Viewer, sessionId: unknown): Promise<ExportFile> {
    const { session, role } = await this.policy.readSession(viewer, sessionId);
    const [row] = await this.em.execute<SessionRow[]>(`${SESSION_SELECT} where id = ? and status = 'READY'`, [
      session.id,
    ]);
    if (!row) throw new DomainError('CONFLICT', EXPORT_MESSAGES.sessionNotReady);
    const [exported] = await this.sessions([row], role);
    return {
      fileName: `${noteName(row.title)}.md`,
      contentType: 'text/markdown; charset=utf-8',
      body: sessionMarkdown(exported),
    };
  }

  private async load(viewer: Viewer, campaignId: unknown): Promise<ExportCampaign> {
    const { campaign, role } = await this.policy.readCampaign(viewer, campaignId);
    const rows = await this.em.execute<SessionRow[]>(
      `${SESSION_SELECT} where campaign_id = ? and status = 'READY'
       order by coalesce(played_on, created_at::date), created_at, id`,
      [campaign.id],
    );
    if (!rows.length) throw new DomainError('CONFLICT', EXPORT_MESSAGES.nothingToExport);
    const sessions = await this.sessions(rows, role);
    const entries = await this.index.entries(viewer, campaign.id);
    const mentions = await this.em.execute<
      Array<{ entry_id: string; segment_id: string; session_id: string; start_char: number; end_char: number }>
    >(
      `select m.entry_id, m.segment_id, t.session_id, m.start_char, m.end_char
       from campaign_index_mentions m join transcript_segments t on t.id = m.segment_id
       where m.entry_id in (select jsonb_array_elements_text(?::jsonb)::uuid) and not t.gm_only and not t.table_talk`,
      [JSON.stringify(entries.map((e) => e.id))],
    );
    const byEntry = groupBy(mentions, (m) => m.entry_id);
    const [summary] = await this.em.execute<Array<{ text: string }>>(
      `select text from campaign_summaries where campaign_id = ? and type = ?`,
      [campaign.id, CampaignSummaryType.BRIEF],
    );
    return {
      title: campaign.title,
      briefSummary: summary?.text ?? '',
      sessions,
      index: entries.map((e) => ({
        name: e.name,
        kind: INDEX_KIND_WORDS[e.kind],
        description: e.description,
        notes: e.notes,
        variants: e.variants,
        mentions: (byEntry.get(e.id) ?? []).map((m) => ({
          sessionId: m.session_id,
          lineId: m.segment_id,
          start: m.start_char,
          end: m.end_char,
        })),
      })),
      openThreads: (await this.index.openThreads(viewer, campaign.id)).map((t) => ({
        kind: t.kind,
        text: t.text,
        sessionId: t.session.id,
      })),
    };
  }

  /**
   * The sessions with their in-game lines, speakers named as the cast names them, as `role` may
   * read them: a recipient's have no GM-only line and no GM-only summary; the owner's mark them.
   */
  private async sessions(rows: SessionRow[], role: CampaignRole): Promise<ExportSession[]> {
    const all = mayReadGmOnly(role);
    const lines = await this.em.execute<LineRow[]>(
      `select t.id, t.session_id, t.start_ms, t.text, t.speaker, t.gm_only,
              c.label, c.player_name, c.character_name, c.role
       from transcript_segments t join sessions s on s.id = t.session_id
       left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id in (select jsonb_array_elements_text(?::jsonb)::uuid) and not t.table_talk
         and (?::boolean or not t.gm_only)
       order by t.session_id, t.position`,
      [JSON.stringify(rows.map((r) => r.id)), all],
    );
    const bySession = groupBy(lines, (l) => l.session_id);
    const summary = (r: SessionRow, text: string) => (all || !r.summaries_gm_only ? text : '');
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      playedOn: r.played_on,
      briefSummary: summary(r, r.brief_summary),
      moderateSummary: summary(r, r.moderate_summary),
      detailedSummary: summary(r, r.detailed_summary),
      lines: (bySession.get(r.id) ?? []).map((l) => ({
        id: l.id,
        startMs: l.start_ms,
        speaker: l.speaker ? (l.label ? speakerName(fromRow(l as SpeakerRow)) : l.speaker) : null,
        text: l.text,
        ...(l.gm_only ? { gmOnly: true } : {}),
      })),
    }));
  }
}

const SESSION_SELECT = `select id, title, to_char(played_on, 'YYYY-MM-DD') as played_on,
  brief_summary, moderate_summary, detailed_summary, summaries_gm_only from sessions`;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
