import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../../kernel/entities/session.entity';
import type { CampaignView } from './campaign-list';
import { plainColumns } from './plain-rows';

/** Session columns a list may leave unread: most of a row, and rarely shown in lists. */
export const LONG_SESSION_FIELDS = ['moderateSummary', 'detailedSummary'] as const;
export type LongSessionField = (typeof LONG_SESSION_FIELDS)[number];

/**
 * A session in a campaign's list: a plain row, not an ORM entity (hydrating a hundred entities was
 * most of a list request's CPU). It holds every column the entity reads eagerly, under the entity's
 * property names and types, so its GraphQL fields resolve from it as from the entity; `campaign` is
 * the campaign it was listed under. Never the lazy transcript or recap; the long summaries only when asked.
 */
export type SessionListItem = Omit<Session, 'campaign' | 'fullTranscript' | 'recap' | LongSessionField> &
  Partial<Pick<Session, LongSessionField>> & { campaign: CampaignView };

type Row = Record<string, unknown> & { campaignId: string };

/**
 * Reads the sessions of many campaigns in one query (a DataLoader batches the campaigns a request
 * lists), oldest first; one loader per set of long columns left out. Not cached: a later mutation in
 * the same request must see its own change.
 */
export class SessionLists {
  private readonly loaders = new Map<string, DataLoader<string, Row[]>>();

  constructor(private readonly em: EntityManager) {}

  async of(campaign: CampaignView, omit: readonly LongSessionField[]): Promise<SessionListItem[]> {
    const key = omit.join(',');
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new DataLoader((ids) => this.read(ids, omit), { cache: false });
      this.loaders.set(key, loader);
    }
    const columns = plainColumns(this.em, Session);
    const rows = await loader.load(campaign.id);
    // Rows of this load's own (read below, never cached), so they become the items in place.
    return rows.map((row) => columns.convert(Object.assign(row, { campaign }), this.em) as unknown as SessionListItem);
  }

  private async read(campaignIds: readonly string[], omit: readonly LongSessionField[]): Promise<Row[][]> {
    const rows = await this.em.execute<Row[]>(
      `select ${plainColumns(this.em, Session).select(omit)} from "sessions" ` +
        'where "campaign_id" in (?) order by "created_at", "id"',
      [[...new Set(campaignIds)]],
    );
    const byCampaign = new Map<string, Row[]>(campaignIds.map((id) => [id, []]));
    for (const row of rows) byCampaign.get(row.campaignId)!.push(row);
    // Each load gets rows of its own (they become its items in place), a campaign asked twice too.
    const handedOut = new Set<string>();
    return campaignIds.map((id) => {
      const own = byCampaign.get(id)!;
      if (handedOut.has(id)) return own.map((row) => ({ ...row }));
      handedOut.add(id);
      return own;
    });
  }
}
