import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Viewer } from '../../kernel/viewer';
import { badInput, notFound } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { ACCESS_MESSAGES, mayReadGmOnly, mayReadIndexEntry, type Policy } from '../../policy/policy';
import { indexIsStale, rebuildCampaignIndex } from './campaign-index.rebuild';
import { writtenThreads } from './campaign-memory.service';
import {
  IndexEntryKind,
  type CampaignRecap,
  type IndexEntry,
  type IndexMention,
  type OpenThread,
} from './campaign-index.type';

export const INDEX_MESSAGES = {
  nameEmpty: 'A name cannot be empty',
  nameTooLong: 'Names must be at most 120 characters',
  notesTooLong: 'Notes must be at most 5000 characters',
  nothingToChange: 'Give a name, a kind, hidden, GM-only or notes to change',
  mergeIntoItself: 'An entry cannot be merged into itself',
} as const;

const changeSchema = z
  .object({
    name: z
      .string()
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .pipe(z.string().min(1, INDEX_MESSAGES.nameEmpty).max(120, INDEX_MESSAGES.nameTooLong))
      .nullable()
      .optional(),
    kind: z.nativeEnum(IndexEntryKind).nullable().optional(),
    hidden: z.boolean().nullable().optional(),
    gmOnly: z.boolean().nullable().optional(),
    notes: z.string().max(5000, INDEX_MESSAGES.notesTooLong).nullable().optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: INDEX_MESSAGES.nothingToChange });

interface EntryRow {
  id: string;
  key: string;
  found_name: string;
  found_kind: string;
  name: string | null;
  kind: string | null;
  description: string;
  notes: string | null;
  hidden: boolean | null;
  gm_only: boolean | null;
  variants: string[];
  mention_count: number;
  first_id: string | null;
  first_title: string | null;
  last_id: string | null;
  last_title: string | null;
}

const ENTRY_SELECT = `
  select e.id, e.key, e.name as found_name, e.kind as found_kind, x.name, x.kind,
         -- A written description only while it describes the evidence as it is now (campaign-memory.service.ts).
         case when e.written_for = e.evidence_hash then e.written_description else e.description end as description,
         x.notes,
         x.hidden, x.gm_only, e.variants, e.mention_count,
         f.id as first_id, f.title as first_title, l.id as last_id, l.title as last_title
  from campaign_index_entries e
  left join campaign_index_edits x on x.campaign_id = e.campaign_id and x.key = e.key
  left join sessions f on f.id = e.first_session_id
  left join sessions l on l.id = e.last_session_id`;

const toEntry = (r: EntryRow): IndexEntry => ({
  id: r.id,
  name: r.name ?? r.found_name,
  foundName: r.found_name,
  kind: (r.kind ?? r.found_kind) as IndexEntryKind,
  description: r.description,
  notes: r.notes ?? '',
  hidden: r.hidden ?? false,
  gmOnly: r.gm_only ?? false,
  variants: r.variants,
  mentionCount: r.mention_count,
  firstSession: r.first_id ? { id: r.first_id, title: r.first_title ?? '' } : null,
  lastSession: r.last_id ? { id: r.last_id, title: r.last_title ?? '' } : null,
});

/**
 * A campaign's index of people, places and things: read through the policy (recipients never see
 * hidden or GM-only entries), rebuilt whenever what it is built from changed, edited by the owner.
 * The owner's edits are kept by the entry's key, so they survive every rebuild.
 */
export class CampaignIndexService {
  private readonly mentions = new DataLoader<string, IndexMention[]>((ids) => this.loadMentions(ids));

  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
  ) {}

  /** The index of a campaign the viewer may read, in order of first mention. */
  async entries(viewer: Viewer, campaignId: unknown, opts: { includeHidden?: boolean } = {}): Promise<IndexEntry[]> {
    const { campaign, role } = await this.policy.readCampaign(viewer, campaignId);
    await this.bringUpToDate(campaign.id);
    const rows = await this.em.execute<EntryRow[]>(`${ENTRY_SELECT} where e.campaign_id = ? order by e.position`, [
      campaign.id,
    ]);
    return rows.map(toEntry).filter((e) => mayReadIndexEntry(role, e) && (opts.includeHidden || !e.hidden));
  }

  /** One entry the viewer may read. */
  async entry(viewer: Viewer, id: unknown): Promise<IndexEntry> {
    const { entry } = await this.policy.readIndexEntry(viewer, id);
    // A line marked GM-only since the last build may have been the entry's only mention.
    await this.bringUpToDate(entry.campaignId);
    return this.load(entry.id);
  }

  /** Where the transcripts name an entry (read through the policy), in transcript order. */
  async mentionsOf(entryId: string, first: number): Promise<IndexMention[]> {
    return (await this.mentions.load(entryId)).slice(0, Math.max(0, first));
  }

  /** Owner only: renames, re-kinds, hides, keeps GM-only or annotates an entry. */
  async update(viewer: Viewer, id: unknown, change: unknown): Promise<IndexEntry> {
    const entry = await this.policy.ownIndexEntry(viewer, id);
    const parsed = parseInput(changeSchema, change);
    const set = (value: unknown) => (value === undefined ? 'keep' : 'set');
    await this.em.execute(
      `insert into campaign_index_edits (campaign_id, key, name, kind, hidden, gm_only, notes)
       values (?, ?, ?, ?, coalesce(?, false), coalesce(?, false), coalesce(?, ''))
       on conflict (campaign_id, key) do update set
         name = case when ? = 'set' then excluded.name else campaign_index_edits.name end,
         kind = case when ? = 'set' then excluded.kind else campaign_index_edits.kind end,
         hidden = case when ? = 'set' then excluded.hidden else campaign_index_edits.hidden end,
         gm_only = case when ? = 'set' then excluded.gm_only else campaign_index_edits.gm_only end,
         notes = case when ? = 'set' then excluded.notes else campaign_index_edits.notes end,
         updated_at = now()`,
      [
        entry.campaignId,
        entry.key,
        parsed.name ?? null,
        parsed.kind ?? null,
        parsed.hidden ?? null,
        parsed.gmOnly ?? null,
        parsed.notes ?? null,
        set(parsed.name),
        set(parsed.kind),
        set(parsed.hidden),
        set(parsed.gmOnly),
        set(parsed.notes),
      ],
    );
    return this.load(entry.id);
  }

  /**
   * Owner only: makes one entry part of another (two spellings the index did not join, or a
   * nickname). Its mentions move to the other, now and in every rebuild; returns the entry it joined.
   */
  async merge(viewer: Viewer, id: unknown, intoId: unknown): Promise<IndexEntry> {
    const from = await this.policy.ownIndexEntry(viewer, id);
    const into = await this.policy.ownIndexEntry(viewer, intoId);
    if (from.id === into.id) throw badInput(INDEX_MESSAGES.mergeIntoItself, 'intoId');
    // Entries of two campaigns never merge: to the owner the other is just not in this index.
    if (from.campaignId !== into.campaignId) throw badInput('Both entries must be in the same campaign', 'intoId');
    await this.em.transactional(async (tx) => {
      await tx.execute(
        `insert into campaign_index_edits (campaign_id, key, merged_into) values (?, ?, ?)
         on conflict (campaign_id, key) do update set merged_into = excluded.merged_into, updated_at = now()`,
        [from.campaignId, from.key, into.key],
      );
      await tx.execute('update campaigns set index_changes = index_changes + 1 where id = ?', [from.campaignId]);
    });
    await rebuildCampaignIndex(this.em, from.campaignId);
    return this.load(into.id);
  }

  /** The campaign's quests and promises that no later line settles, oldest first. */
  async openThreads(viewer: Viewer, campaignId: unknown): Promise<OpenThread[]> {
    const { campaign } = await this.policy.readCampaign(viewer, campaignId);
    return this.threadsOf(campaign.id);
  }

  /** "Previously on…": the last session's brief summary and the threads still open. */
  async recap(viewer: Viewer, campaignId: unknown): Promise<CampaignRecap> {
    const { campaign, role } = await this.policy.readCampaign(viewer, campaignId);
    const [last] = await this.em.execute<
      Array<{ id: string; title: string; brief_summary: string; summaries_gm_only: boolean }>
    >(
      `select id, title, brief_summary, summaries_gm_only from sessions where campaign_id = ? and status = 'READY'
       order by coalesce(played_on, created_at::date) desc, created_at desc, id desc limit 1`,
      [campaign.id],
    );
    return {
      lastSession: last ? { id: last.id, title: last.title } : null,
      briefSummary: last && (mayReadGmOnly(role) || !last.summaries_gm_only) ? last.brief_summary : '',
      openThreads: await this.threadsOf(campaign.id),
    };
  }

  /** The threads a writer wrote while they are current, else those the offline rules found at the last build. */
  private async threadsOf(campaignId: string): Promise<OpenThread[]> {
    const written = await writtenThreads(this.em, campaignId);
    if (written) return written;
    await this.bringUpToDate(campaignId);
    const rows = await this.em.execute<
      Array<{ kind: string; text: string; segment_id: string; start_ms: number; session_id: string; title: string }>
    >(
      `select h.kind, h.text, h.segment_id, t.start_ms, s.id as session_id, s.title
       from campaign_index_threads h
       join transcript_segments t on t.id = h.segment_id
       join sessions s on s.id = t.session_id
       where h.campaign_id = ? and not t.gm_only and not t.table_talk
       order by h.position`,
      [campaignId],
    );
    return rows.map((r) => ({
      kind: r.kind,
      text: r.text,
      session: { id: r.session_id, title: r.title },
      lineId: r.segment_id,
      startMs: r.start_ms,
    }));
  }

  /** Rebuilds the index of a session's campaign if it is behind (the pipeline, after a session). */
  async rebuildForSession(sessionId: string): Promise<void> {
    const [row] = await this.em.execute<Array<{ campaign_id: string }>>(
      'select campaign_id from sessions where id = ?',
      [sessionId],
    );
    if (row) await rebuildCampaignIndex(this.em, row.campaign_id);
  }

  private async bringUpToDate(campaignId: string): Promise<void> {
    if (await indexIsStale(this.em, campaignId)) await rebuildCampaignIndex(this.em, campaignId);
  }

  private async load(id: string): Promise<IndexEntry> {
    const [row] = await this.em.execute<EntryRow[]>(`${ENTRY_SELECT} where e.id = ?`, [id]);
    // Gone meanwhile: a rebuild after its last line was deleted.
    if (!row) throw notFound(ACCESS_MESSAGES.indexEntryNotFound);
    return toEntry(row);
  }

  private async loadMentions(ids: readonly string[]): Promise<IndexMention[][]> {
    const rows = await this.em.execute<
      Array<{
        entry_id: string;
        segment_id: string;
        start_char: number;
        end_char: number;
        start_ms: number;
        text: string;
        session_id: string;
        title: string;
      }>
    >(
      `select m.entry_id, m.segment_id, m.start_char, m.end_char, t.start_ms, t.text, s.id as session_id, s.title
       from campaign_index_mentions m
       join transcript_segments t on t.id = m.segment_id
       join sessions s on s.id = t.session_id
       where m.entry_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         -- Marked since the last build (the next read rebuilds): never shown meanwhile either.
         and not t.gm_only and not t.table_talk
       order by coalesce(s.played_on, s.created_at::date), s.created_at, t.position, m.start_char`,
      [JSON.stringify(ids)],
    );
    const byEntry = new Map<string, IndexMention[]>(ids.map((id) => [id, []]));
    for (const r of rows) {
      byEntry.get(r.entry_id)!.push({
        lineId: r.segment_id,
        session: { id: r.session_id, title: r.title },
        startMs: r.start_ms,
        text: r.text.slice(r.start_char, r.end_char),
        lineText: r.text,
      });
    }
    return ids.map((id) => byEntry.get(id)!);
  }
}
