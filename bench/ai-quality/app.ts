/*
 * The real api for the AI-quality benchmark: its own process on embedded PostgreSQL, Temporal and
 * speech service (bench/lib/bench-api.ts), with the engine settings of one configuration
 * and the Temporal port kept, so the benchmark can also read what the API does not show: how long
 * the transcription activities ran.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Connection, WorkflowClient } from '@temporalio/client';
import { registration } from '../../api/test/accounts';
import type { EntryProcess } from '../../api/test/entry-process';
import { HttpClient } from '../../api/test/http-client';
import { spawnBenchApi } from '../lib/bench-api';

export interface Segment {
  text: string;
  tableTalk: boolean;
}

export interface SessionResult {
  status: string;
  failureReason: string | null;
  durationSeconds: number | null;
  fullTranscript: string;
  briefSummary: string;
  moderateSummary: string;
  detailedSummary: string;
}

export interface Answer {
  text: string;
  found: boolean;
  /** tableTalk: the line was said at the table, and the answer labels it so. */
  citations: Array<{ sessionId: string; quote: string; tableTalk: boolean }>;
}

export class App {
  /** The signed-in user's campaign, where every session goes. */
  campaignId = '';

  private constructor(
    readonly api: EntryProcess,
    readonly client: HttpClient,
    private readonly temporalAddress: string,
  ) {}

  /** Starts the api with `env` on top of the defaults; signs up a user on a plan with Q&A and makes a campaign. */
  static async start(dir: string, env: Record<string, string>): Promise<App> {
    const { api, url, temporalAddress } = await spawnBenchApi(dir, { RUN_WORKER: 'true', ...env });
    const app = new App(api, new HttpClient(url), temporalAddress);
    try {
      if (!(await api.waitFor(/Questlog is running/, 300_000))) throw new Error(`api did not start:\n${api.output()}`);
      const reg = await app.client.post('/register/', registration());
      if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
      app.client.resetCsrf();
      // Q&A needs a paid plan; self-hosted billing applies one directly.
      await app.gql(`mutation { choosePlan(input: { planId: "standard", billingCycle: MONTHLY }) { id } }`);
      const { createCampaign } = await app.gql<{ createCampaign: { id: string } }>(
        'mutation($t: String!) { createCampaign(title: $t) { id } }',
        { t: 'AI quality' },
      );
      app.campaignId = createCampaign.id;
      return app;
    } catch (err) {
      await app.stop();
      throw err;
    }
  }

  /**
   * Runs `work` against an api started (as `start` does) on a fresh data folder named after the
   * bench, then stops it and removes the folder; a failure prints the api's last output first.
   */
  static async run<T>(bench: string, env: Record<string, string>, work: (app: App) => Promise<T>): Promise<T> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `questlog-bench-${bench}-`));
    fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
    const app = await App.start(dir, env);
    try {
      return await work(app);
    } catch (err) {
      console.error(app.api.output().slice(-4000));
      throw err;
    } finally {
      await app.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  async stop(): Promise<void> {
    if (this.api.child.exitCode === null) this.api.child.kill('SIGTERM');
    await this.api.exited;
  }

  async gql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
    const res = await this.client.gql<T>(query, variables).catch((err: { cause?: { code?: string } }) => {
      // A kept-alive socket the api closed while this process was busy scoring (its event loop
      // blocked, the close unseen; 30 real-play episodes take seconds), seen as the socket closing
      // or as a reset: sent again on a fresh one (a bench sends reads, questions and saves that
      // give the same result twice).
      if (err.cause?.code === 'UND_ERR_SOCKET' || err.cause?.code === 'ECONNRESET')
        return this.client.gql<T>(query, variables);
      throw err;
    });
    if (!res.body.data || res.body.errors?.length) {
      throw new Error(`GraphQL ${query.slice(0, 60)}…: ${res.status} ${JSON.stringify(res.body.errors ?? res.body)}`);
    }
    return res.body.data;
  }

  async setVocabulary(vocabulary: string): Promise<void> {
    await this.gql('mutation($c: ID!, $v: String!) { setCampaignVocabulary(campaignId: $c, vocabulary: $v) { id } }', {
      c: this.campaignId,
      v: vocabulary,
    });
  }

  /** POST /upload/ as the web app sends it; returns the new session's id once the upload is answered. */
  async upload(file: string): Promise<string> {
    const form = new FormData();
    form.append('campaign_id', this.campaignId);
    form.append('audio', new Blob([fs.readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
    const res = await this.client.request<{ transcript_id?: string }>('POST', '/upload/', { body: form });
    if (res.status !== 200 || !res.body.transcript_id)
      throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.transcript_id;
  }

  async rename(sessionId: string, title: string): Promise<void> {
    await this.gql('mutation($id: ID!, $t: String!) { renameSession(id: $id, title: $t) { id } }', {
      id: sessionId,
      t: title,
    });
  }

  /** Polls as a client without a subscription would, until the session leaves PROCESSING. */
  async waitUntilDone(sessionId: string, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { session } = await this.gql<{ session: { status: string } }>(
        'query($id: ID!) { session(id: $id) { status } }',
        { id: sessionId },
      );
      if (session.status !== 'PROCESSING') return;
      if (Date.now() > deadline) throw new Error(`session ${sessionId} still PROCESSING after ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async session(sessionId: string): Promise<SessionResult> {
    const { session } = await this.gql<{ session: SessionResult }>(
      `query($id: ID!) { session(id: $id) { status failureReason durationSeconds fullTranscript
        briefSummary moderateSummary detailedSummary } }`,
      { id: sessionId },
    );
    return session;
  }

  async ask(question: string): Promise<Answer> {
    const { ask } = await this.gql<{ ask: Answer }>(
      'mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote tableTalk } } }',
      { input: { campaignId: this.campaignId, question } },
    );
    return ask;
  }

  /** The transcript lines with their table-talk marks (summaries and Q&A act on the in-game ones). */
  async segments(sessionId: string): Promise<Segment[]> {
    const { session } = await this.gql<{ session: { transcriptLines: Segment[] } }>(
      'query($id: ID!) { session(id: $id) { transcriptLines { text tableTalk } } }',
      { id: sessionId },
    );
    return session.transcriptLines;
  }

  /** Seconds the transcribeChunk activities ran (started -> completed), from the workflow's history. */
  async transcribeSeconds(sessionId: string): Promise<number> {
    const connection = await Connection.connect({ address: this.temporalAddress });
    try {
      const history = await new WorkflowClient({ connection }).getHandle(`session-${sessionId}`).fetchHistory();
      const seconds = (t: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
        Number(t?.seconds ?? 0) + (t?.nanos ?? 0) / 1e9;
      const events = history.events ?? [];
      const byId = new Map(events.map((e) => [Number(e.eventId), e]));
      let total = 0;
      for (const e of events) {
        const done = e.activityTaskCompletedEventAttributes;
        if (!done) continue;
        const scheduled = byId.get(Number(done.scheduledEventId));
        if (scheduled?.activityTaskScheduledEventAttributes?.activityType?.name !== 'transcribeChunk') continue;
        total += seconds(e.eventTime) - seconds(byId.get(Number(done.startedEventId))?.eventTime);
      }
      return total;
    } finally {
      await connection.close();
    }
  }
}
