import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionStatus } from '../../kernel/entities/session.entity';
import type { Delivery } from '../../graphql/live-updates';

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

/** Announces session changes to whoever watches them (every api instance). */
/** A session update, or the refusal that ends the subscription. */
export type SessionDelivery = Delivery<SessionUpdate>;

export interface SessionPublisher {
  publish(update: SessionUpdate): Promise<void>;
}

/** Publishes through PostgreSQL NOTIFY on the worker's own database connection pool. */
export class PgNotifyPublisher implements SessionPublisher {
  constructor(private readonly em: () => EntityManager) {}

  async publish(update: SessionUpdate): Promise<void> {
    // pg_notify takes the channel as a value, so nothing is spliced into SQL. Payload limit is 8000 bytes; ours is ~200.
    await this.em()
      .getConnection()
      .execute('select pg_notify(?, ?)', [SESSION_UPDATED_CHANNEL, JSON.stringify(update)]);
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
