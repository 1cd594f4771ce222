import pg from 'pg';
import type { PubSub } from 'type-graphql';
import { SESSION_UPDATED_CHANNEL, type SessionUpdate } from './session-events';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;

/** Which updates a subscriber wants: one session's, or every session's of one campaign. */
export type SessionTopic = { sessionId: string } | { campaignId: string };

/** The pubsub routing key of a topic. */
export const sessionTopicKey = (topic: SessionTopic) =>
  'sessionId' in topic ? `session:${topic.sessionId}` : `campaign:${topic.campaignId}`;

/**
 * One LISTEN connection per api process, handing every session update to the process's pubsub
 * (under the session's and the campaign's topic). The connection is re-opened with backoff
 * whenever it drops, so a PostgreSQL restart only loses the updates sent while it was down (the
 * next stage change brings a subscriber up to date).
 */
export class SessionUpdatesListener {
  private client?: pg.Client;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private timer?: NodeJS.Timeout;
  private reconnecting = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly pubSub: PubSub,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  /** Resolves once LISTEN is in place, so updates published afterwards are delivered. */
  async start(): Promise<void> {
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
  }

  private dispatch(update: SessionUpdate): void {
    this.pubSub.publish(sessionTopicKey({ sessionId: update.sessionId }), update);
    this.pubSub.publish(sessionTopicKey({ campaignId: update.campaignId }), update);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== SESSION_UPDATED_CHANNEL || !message.payload) return;
      try {
        this.dispatch(JSON.parse(message.payload) as SessionUpdate);
      } catch {
        this.log(`session updates: ignored a malformed payload: ${message.payload.slice(0, 200)}`);
      }
    });
    const dropped = (why: string) => {
      if (this.client !== client || this.closed) return;
      this.client = undefined;
      client.end().catch(() => undefined);
      this.log(`session updates: LISTEN connection lost (${why}); reconnecting`);
      this.reconnectLater();
    };
    client.on('error', (err) => dropped(err.message));
    client.on('end', () => dropped('closed'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_UPDATED_CHANNEL}`);
    } catch (err) {
      this.client = undefined;
      await client.end().catch(() => undefined);
      throw err;
    }
    this.retryMs = RECONNECT_MIN_MS;
  }

  private reconnectLater(): void {
    if (this.closed || this.reconnecting) return;
    this.reconnecting = true;
    this.timer = setTimeout(() => {
      this.reconnecting = false;
      this.connect().catch((err: Error) => {
        this.log(`session updates: reconnect failed (${err.message}); trying again`);
        this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
        this.reconnectLater();
      });
    }, this.retryMs);
    this.timer.unref();
  }
}
