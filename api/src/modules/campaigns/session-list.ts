import DataLoader from 'dataloader';
import { ReferenceKind, type EntityProperty } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from '../sessions/session.entity';
import type { Campaign } from './campaign.entity';

/** Session columns a list may leave unread: most of a row, and rarely shown in lists. */
export const LONG_SESSION_FIELDS = ['moderateSummary', 'detailedSummary'] as const;
export type LongSessionField = (typeof LONG_SESSION_FIELDS)[number];

/**
 * A session in a campaign's list: a plain row, not an ORM entity (hydrating a hundred entities was
 * most of a list request's CPU). It holds every column the entity reads eagerly, under the entity's
 * property names and types, so its GraphQL fields resolve from it as from the entity; `campaign` is
 * the campaign it was listed under. Never the lazy transcript; the long summaries only when asked.
 */
export type SessionListItem = Omit<Session, 'campaign' | 'fullTranscript' | LongSessionField> &
  Partial<Pick<Session, LongSessionField>> & { campaign: Campaign };

type Row = Record<string, unknown> & { campaignId: string };

/**
 * Reads the sessions of many campaigns in one query (a DataLoader batches the campaigns a request
 * lists), oldest first; one loader per set of long columns left out. Not cached: a later mutation in
 * the same request must see its own change.
 */
export class SessionLists {
  private readonly loaders = new Map<string, DataLoader<string, Row[]>>();

  constructor(private readonly em: EntityManager) {}

  async of(campaign: Campaign, omit: readonly LongSessionField[]): Promise<SessionListItem[]> {
    const key = omit.join(',');
    let loader = this.loaders.get(key);
    if (!loader) {
      loader = new DataLoader((ids) => this.read(ids, omit), { cache: false });
      this.loaders.set(key, loader);
    }
    const rows = await loader.load(campaign.id);
    const { converted } = this.columns();
    const platform = this.em.getPlatform();
    return rows.map((row) => {
      const item: Record<string, unknown> = { ...row, campaign };
      // As the ORM's hydration would: timestamps come from pg as text, custom types (bigint…) convert.
      for (const prop of converted) {
        const value = item[prop.name];
        if (value == null) continue;
        item[prop.name] = prop.customType
          ? prop.customType.convertToJSValue(value, platform)
          : platform.parseDate(value as string);
      }
      return item as SessionListItem;
    });
  }

  private async read(campaignIds: readonly string[], omit: readonly LongSessionField[]): Promise<Row[][]> {
    const selected = this.columns().listed.filter(([name]) => !(omit as readonly string[]).includes(name));
    const rows = await this.em.execute<Row[]>(
      `select "campaign_id" as "campaignId", ${selected.map(([, sql]) => sql).join(', ')} ` +
        'from "sessions" where "campaign_id" in (?) order by "created_at", "id"',
      [[...new Set(campaignIds)]],
    );
    const byCampaign = new Map<string, Row[]>(campaignIds.map((id) => [id, []]));
    for (const row of rows) byCampaign.get(row.campaignId)!.push(row);
    return campaignIds.map((id) => byCampaign.get(id)!);
  }

  /** The entity's eager columns as `"column" as "property"`, and the properties that need converting. */
  private columns(): { listed: Array<[string, string]>; converted: EntityProperty[] } {
    return (listColumns ??= (() => {
      const props = this.em
        .getMetadata()
        .get(Session.name)
        .props.filter((prop) => prop.kind === ReferenceKind.SCALAR && !prop.lazy && prop.persist !== false);
      return {
        listed: props.map((prop) => [prop.name, `"${prop.fieldNames[0]}" as "${prop.name}"`]),
        converted: props.filter((prop) => prop.customType || prop.runtimeType === 'Date'),
      };
    })());
  }
}

let listColumns: { listed: Array<[string, string]>; converted: EntityProperty[] } | undefined;
