import type { EntityManager } from '@mikro-orm/postgresql';

/** PostgreSQL NOTIFY channel of cast changes (payload: the campaign id); every api process LISTENs. */
export const CAST_UPDATED_CHANNEL = 'cast_updated';

/** The pubsub routing key of a campaign's cast changes (the payload is `{ campaignId }`). */
export const castTopicKey = (campaignId: string) => `cast:${campaignId}`;

/** Tells every api process that a campaign's cast (or who may watch it) changed. */
export async function announceCast(em: EntityManager, campaignId: string): Promise<void> {
  await em.execute(`select pg_notify(?, ?)`, [CAST_UPDATED_CHANNEL, campaignId]);
}
