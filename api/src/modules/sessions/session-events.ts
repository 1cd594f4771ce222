import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionStatus } from '../../kernel/entities/session.entity';
import type { Delivery } from '../../kernel/live-updates';

/** PostgreSQL NOTIFY channel the worker publishes on and every api instance LISTENs to. */
export const SESSION_UPDATED_CHANNEL = 'session_updated';

/** Where a session's processing stands; what Subscription.sessionUpdated pushes. */
export interface SessionUpdate {
  sessionId: string;
  campaignId: string;
  status: SessionStatus;
  stage: string | null;
  progress: number;
}

/** A session update, or the refusal that ends the subscription. */
export type SessionDelivery = Delivery<SessionUpdate>;

/** Announces session changes to whoever watches them (every api instance). */
export interface SessionPublisher {
  /**
   * `tx`: the transaction that wrote the change. The announcement goes out when it commits, so a
   * watcher that reads the session on hearing it reads what it was told.
   */
  publish(update: SessionUpdate, tx?: EntityManager): Promise<void>;
}

/**
 * Publishes through PostgreSQL NOTIFY, in the writer's transaction when given one: PostgreSQL
 * delivers a transaction's notifications when it commits, and in commit order. Sent beside the
 * transaction instead, on the pool, a NOTIFY reached the browser before the change committed when
 * the machine was busy: the page reloaded the session, read the old stage, and kept "Updating the
 * summaries…" up for good, as nothing else was coming (gm-only.spec, issue 27).
 */
export class PgNotifyPublisher implements SessionPublisher {
  constructor(private readonly em: () => EntityManager) {}

  async publish(update: SessionUpdate, tx?: EntityManager): Promise<void> {
    // pg_notify takes the channel as a value, so nothing is spliced into SQL. Payload limit is 8000 bytes; ours is ~200.
    await (tx ?? this.em()).execute('select pg_notify(?, ?)', [SESSION_UPDATED_CHANNEL, JSON.stringify(update)]);
  }
}

/**
 * Announces every session of a campaign as it stands, so each open subscription on them checks its
 * viewer's access again now (a share revoked ends the recipient's subscriptions at once).
 */
export async function announceCampaignSessions(em: EntityManager, campaignId: string): Promise<void> {
  await em.execute(
    `select pg_notify(?, json_build_object('sessionId', id, 'campaignId', campaign_id, 'status', status,
       'stage', stage, 'progress', progress)::text)
     from sessions where campaign_id = ?`,
    [SESSION_UPDATED_CHANNEL, campaignId],
  );
}
