/** PostgreSQL NOTIFY channel of cast changes (payload: the campaign id); every api process LISTENs. */
export const CAST_UPDATED_CHANNEL = 'cast_updated';

/** The pubsub routing key of a campaign's cast changes (the payload is `{ campaignId }`). */
export const castTopicKey = (campaignId: string) => `cast:${campaignId}`;
