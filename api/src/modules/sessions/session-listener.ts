import pg from 'pg';
import type { PubSub } from 'type-graphql';
import { CAST_UPDATED_CHANNEL, castTopicKey } from '../cast';
import { SESSION_UPDATED_CHANNEL, type SessionUpdate } from './session-events';
import type { SessionStatus } from '../../kernel/entities/session.entity';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 15_000;
/** A LISTEN connection that answers no ping for this long is dead (a half-open TCP connection never errors). */
const PING_EVERY_MS = 30_000;
const QUERY_TIMEOUT_MS = 10_000;
/**
 * A session update's updated_at is its transaction's start; one that began before a ping and
 * committed after it may have had its NOTIFY lost. Updates are single statements, so a minute covers it.
 */
const REPLAY_SLACK_MS = 60_000;
/** How the connection shows in pg_stat_activity, for operators (and tests) to find it. */
export const LISTENER_APPLICATION_NAME = 'questlog-session-updates';

/** Which updates a subscriber wants: one session's, or every session's of one campaign. */
export type SessionTopic = { sessionId: string } | { campaignId: string };

/** The pubsub routing key of a topic. */
export const sessionTopicKey = (topic: SessionTopic) =>
  'sessionId' in topic ? `session:${topic.sessionId}` : `campaign:${topic.campaignId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SessionRow {
  id: string;
  campaign_id: string;
  status: SessionStatus;
  stage: string | null;
  progress: number;
}

/**
 * One LISTEN connection per api process, handing every session update to the process's pubsub (the
 * session's and the campaign's topic) and every cast change to the campaign's. It reopens with
 * backoff when it drops or stops answering its ping; NOTIFYs sent meanwhile are lost, so after a
 * reconnect every session changed since the old connection was last known whole is published again,
 * and a watcher whose session became READY meanwhile still hears it.
 */
export class SessionUpdatesListener {
  private client?: pg.Client;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;
  private timer?: NodeJS.Timeout;
  private pinger?: NodeJS.Timeout;
  private reconnecting = false;
  /** Database time up to which every update has been received (null until the first connection). */
  private caughtUpTo: Date | null = null;

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
    clearInterval(this.pinger);
    await this.client?.end().catch(() => undefined);
  }

  private dispatch(update: SessionUpdate): void {
    this.pubSub.publish(sessionTopicKey({ sessionId: update.sessionId }), update);
    this.pubSub.publish(sessionTopicKey({ campaignId: update.campaignId }), update);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: QUERY_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    // Until the replay is out, live updates wait behind it, so a replayed state never follows a newer one.
    let held: SessionUpdate[] | null = [];
    client.on('notification', (message) => {
      if (message.channel === CAST_UPDATED_CHANNEL && UUID.test(message.payload ?? '')) {
        this.pubSub.publish(castTopicKey(message.payload!), { campaignId: message.payload });
        return;
      }
      if (message.channel !== SESSION_UPDATED_CHANNEL || !message.payload) return;
      let update: SessionUpdate;
      try {
        update = JSON.parse(message.payload) as SessionUpdate;
      } catch {
        this.log(`session updates: ignored a malformed payload: ${message.payload.slice(0, 200)}`);
        return;
      }
      if (held) held.push(update);
      else this.dispatch(update);
    });
    // A failure while connecting is the caller's to handle (start() or the retry loop), not a drop.
    let live = false;
    client.on('error', (err) => live && this.dropped(client, err.message));
    client.on('end', () => live && this.dropped(client, 'closed'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_UPDATED_CHANNEL}`);
      await client.query(`LISTEN ${CAST_UPDATED_CHANNEL}`);
      const listeningSince = await databaseNow(client);
      if (this.caughtUpTo) await this.replaySince(client, this.caughtUpTo);
      this.caughtUpTo = listeningSince;
    } catch (err) {
      this.client = undefined;
      await client.end().catch(() => undefined);
      throw err;
    }
    live = true;
    for (const update of held) this.dispatch(update);
    held = null;
    this.retryMs = RECONNECT_MIN_MS;
    clearInterval(this.pinger);
    this.pinger = setInterval(() => void this.ping(client), PING_EVERY_MS).unref();
  }

  /** Proves the connection alive and moves the replay point forward. */
  private async ping(client: pg.Client): Promise<void> {
    try {
      this.caughtUpTo = await databaseNow(client);
    } catch (err) {
      this.dropped(client, `no answer to ping: ${(err as Error).message}`);
    }
  }

  private async replaySince(client: pg.Client, since: Date): Promise<void> {
    const { rows } = await client.query<SessionRow>(
      'select id, campaign_id, status, stage, progress from sessions where updated_at >= $1',
      [new Date(since.getTime() - REPLAY_SLACK_MS)],
    );
    for (const row of rows) {
      this.dispatch({
        sessionId: row.id,
        campaignId: row.campaign_id,
        status: row.status,
        stage: row.stage,
        progress: row.progress,
      });
    }
    if (rows.length) this.log(`session updates: republished ${rows.length} session(s) changed while disconnected`);
    const casts = await client.query<{ campaign_id: string }>(
      'select distinct campaign_id from campaign_speakers where updated_at >= $1',
      [new Date(since.getTime() - REPLAY_SLACK_MS)],
    );
    for (const { campaign_id } of casts.rows)
      this.pubSub.publish(castTopicKey(campaign_id), { campaignId: campaign_id });
  }

  private dropped(client: pg.Client, why: string): void {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    clearInterval(this.pinger);
    client.end().catch(() => undefined);
    this.log(`session updates: LISTEN connection lost (${why}); reconnecting`);
    this.reconnectLater();
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

async function databaseNow(client: pg.Client): Promise<Date> {
  const { rows } = await client.query<{ now: Date }>('select now() as now');
  return rows[0].now;
}
