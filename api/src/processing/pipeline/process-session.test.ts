import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { SESSION_STAGES } from '@questlog/workflows';
import { gameNight, makeSessionRecording, type ScriptLine, type SessionRecording } from '../../../test/audio-fixtures';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import { grantQaAccess } from '../../../test/transcripts';
import { postForm } from '../../../test/uploads';
import {
  collect,
  CountingSpeechToText,
  eventually,
  startProcessingApp,
  subscriptionClient,
  waitForStatus,
  type ProcessingTestApp,
} from '../../../test/processing';
import { CampaignSummary, CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';
import { PgNotifyPublisher, type SessionUpdate } from '../../modules/sessions/session-events';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { SessionChunk } from '../../kernel/entities/session-chunk.entity';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import { UsageRecord } from '../../kernel/entities/usage-record.entity';
import type { RunningWorker } from '../../worker/worker';
import { createEngines } from '../../engines/engines';

/** A game master and three players; pizza and a rules lookup between the in-game lines (about 20 s). */
const night: ScriptLine[] = gameNight.slice(0, 7);

const SUBSCRIPTION = `subscription($sessionId: ID, $campaignId: ID) {
  sessionUpdated(sessionId: $sessionId, campaignId: $campaignId) { sessionId campaignId status stage progress }
}`;

let app: ProcessingTestApp;
let worker: RunningWorker;
let speech: CountingSpeechToText;
let owner: TestUser;
let dir: string;
let recording: SessionRecording;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '8', TRANSCRIBE_CONCURRENCY: '2' });
  const engines = createEngines(app.config);
  speech = new CountingSpeechToText(engines.speechToText);
  worker = await app.startWorker({ engines: { ...engines, speechToText: speech } });
  owner = await createUser(app);
  await grantQaAccess(owner);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipeline-'));
  recording = await makeSessionRecording(dir, night, { wordsPerMinute: 200, pauseMs: 600 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** The two ways in (docs/product.md#rest-endpoints's REST shim, and GraphQL as third-party tools use it); each returns the session id. */
const transports: Array<[string, (campaignId: string, bytes: Buffer) => Promise<string>]> = [
  [
    'POST /upload/',
    async (campaignId, bytes) => {
      const res = await postForm(owner.client, '/upload/', [
        { name: 'campaign_id', value: campaignId },
        { name: 'audio', value: { fileName: 'game-night.wav', type: 'audio/wav', bytes } },
      ]);
      expect(res.status).toBe(200);
      return res.body.transcript_id;
    },
  ],
  [
    'GraphQL uploadSession',
    async (campaignId, bytes) => {
      const query =
        'mutation($campaignId: ID!, $file: Upload!) { uploadSession(campaignId: $campaignId, file: $file) { id } }';
      const res = await postForm(owner.client, '/graphql', [
        { name: 'operations', value: JSON.stringify({ query, variables: { campaignId, file: null } }) },
        { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
        { name: '0', value: { fileName: 'game-night.wav', type: 'audio/wav', bytes } },
      ]);
      expect(res.body.errors).toBeUndefined();
      return res.body.data.uploadSession.id;
    },
  ],
];

test.each(transports)(
  'a recorded game night uploaded through %s becomes READY with a filtered transcript, three summaries and live status',
  async (_name, upload) => {
    const campaignId = await createCampaign(owner);
    speech.started.clear();
    speech.finished.clear();
    speech.prompts.length = 0;
    speech.languages.length = 0;
    const vocabulary = await owner.client.gql(
      'mutation($id: ID!, $v: String!) { setCampaignVocabulary(campaignId: $id, vocabulary: $v) { vocabulary } }',
      { id: campaignId, v: 'Thordak, Millbrook' },
    );
    expect(vocabulary.body.data.setCampaignVocabulary.vocabulary).toBe('Thordak, Millbrook');

    // Watching the campaign from before the upload, as the archive page does.
    const ws = subscriptionClient(app, owner);
    const live = collect<{ sessionUpdated: SessionUpdate }>(ws, SUBSCRIPTION, { campaignId });
    // Until a NOTIFY comes through, the LISTEN connection or the subscription may not be in place yet.
    const publisher = new PgNotifyPublisher(() => app.orm.em.fork());
    const ping = { sessionId: randomUUID(), campaignId, status: SessionStatus.PROCESSING, stage: null, progress: 0 };
    await eventually(
      async () => {
        await publisher.publish(ping);
        if (!live.values.length) throw new Error('no update delivered yet');
      },
      10_000,
      300,
    );

    const sessionId = await upload(campaignId, await fs.readFile(recording.path));
    const startedAt = Date.now();
    const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED]);
    console.log(`pipeline: ${recording.durationMs} ms of audio READY in ${Date.now() - startedAt} ms`);
    expect(session.failureReason ?? null).toBeNull();
    expect(session.status).toBe(SessionStatus.READY);
    expect(Math.abs(session.durationSeconds! * 1000 - recording.durationMs)).toBeLessThan(100);

    // Several chunks, each transcribed exactly once, in the owner's language with the campaign's names as prompt.
    const em = app.orm.em.fork();
    const chunks = await em.find(SessionChunk, { session: sessionId }, { orderBy: { index: 'asc' } });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.every((c) => c.done)).toBe(true);
    expect([...speech.finished.values()]).toEqual(chunks.map(() => 1));
    expect(new Set(speech.prompts)).toEqual(new Set(['Thordak, Millbrook']));
    expect(new Set(speech.languages)).toEqual(new Set(['en']));
    for (const chunk of chunks) expect(await app.storage.exists(chunk.storageKey)).toBe(false);

    // Timestamped segments in order, inside the recording; table talk marked but kept.
    const segments = await em.find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
    console.log(segments.map((s) => `${s.tableTalk ? 'TT' : '  '} ${s.startMs}-${s.endMs} ${s.text}`).join('\n'));
    expect(segments.length).toBeGreaterThanOrEqual(3);
    for (const [i, s] of segments.entries()) {
      expect(s.endMs).toBeGreaterThanOrEqual(s.startMs);
      expect(s.endMs).toBeLessThanOrEqual(recording.durationMs + 100);
      if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(segments[i - 1].startMs);
    }
    const tableTalk = segments.filter((s) => s.tableTalk);
    expect(tableTalk.length).toBeGreaterThan(0);
    expect(tableTalk.length).toBeLessThan(segments.length);
    for (const s of segments) expect(session.fullTranscript).toContain(s.text);

    // Three summaries of increasing length with none of the table-talk lines, and a one-liner.
    const { briefSummary: brief, moderateSummary: moderate, detailedSummary: detailed } = session;
    console.log({ brief, moderate, detailed, veryShort: session.summaryVeryShort });
    expect(brief.length).toBeGreaterThan(0);
    expect(brief.length).toBeLessThan(moderate.length);
    expect(moderate.length).toBeLessThan(detailed.length);
    expect(session.summaryVeryShort.length).toBeGreaterThan(0);
    for (const line of tableTalk) {
      for (const summary of [brief, moderate, detailed]) expect(summary).not.toContain(line.text);
    }

    // What happened survives into the summaries and the answers; table talk answers only what the
    // story does not, labelled as said at the table (docs/qa.md).
    expect(detailed.toLowerCase()).toContain('dragon');
    expect(detailed.toLowerCase()).toMatch(/sword|shield/);
    const ask = async (question: string) => {
      const res = await owner.client.gql<{
        ask: { text: string; found: boolean; citations: Array<{ tableTalk: boolean }> };
      }>('mutation($input: AskInput!) { ask(input: $input) { text found citations { tableTalk } } }', {
        input: { sessionId, question },
      });
      if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
      return res.body.data.ask;
    };
    const breath = await ask('What did the dragon breathe across the bridge?');
    expect(breath.found).toBe(true);
    expect(breath.text.toLowerCase()).toContain('fire');
    expect(breath.citations[0].tableTalk).toBe(false);
    const rule = await ask('Which rule did someone want to look up in the book?');
    expect({ found: rule.found, tableTalk: rule.citations[0]?.tableTalk }).toEqual({ found: true, tableTalk: true });

    // Indexed for full-text search: every line with searchable words is found by them.
    const [index] = await em.getConnection().execute(
      `select count(*) filter (where search_vector @@ plainto_tsquery('english', text))::int as found,
            count(*) filter (where to_tsvector('english', text) <> ''::tsvector)::int as searchable
     from transcript_segments where session_id = ?`,
      [sessionId],
    );
    expect(index.searchable).toBeGreaterThan(0);
    expect(index.found).toBe(index.searchable);

    // The audio is charged once, for its length.
    const usage = await em.find(UsageRecord, { sessionId });
    expect(usage.map((u) => [u.reason, u.seconds])).toEqual([['charge', Math.ceil(recording.durationMs / 1000)]]);

    // The subscriber saw every stage, in order, then READY; progress never went back.
    await eventually(async () => {
      if (live.values.at(-1)?.sessionUpdated.status !== SessionStatus.READY) throw new Error('READY not pushed yet');
    }, 10_000);
    const updates = live.values.map((v) => v.sessionUpdated).filter((u) => u.sessionId === sessionId);
    expect(live.errors).toEqual([]);
    const stages = updates.map((u) => u.stage).filter((s, i, all) => s !== null && s !== all[i - 1]);
    expect(stages).toEqual([...SESSION_STAGES]);
    for (const [i, u] of updates.entries())
      if (i > 0) expect(u.progress).toBeGreaterThanOrEqual(updates[i - 1].progress);
    expect(updates.filter((u) => u.stage === 'transcribe').length).toBeGreaterThan(chunks.length);
    expect(updates.at(-1)).toEqual({ sessionId, campaignId, status: 'READY', stage: null, progress: 1 });
    live.stop();
    await ws.dispose();

    // The campaign summaries take in the new session.
    await eventually(async () => {
      const brief = await app.orm.em
        .fork()
        .findOneOrFail(CampaignSummary, { campaign: campaignId, type: CampaignSummaryType.BRIEF });
      expect(brief.text).toContain(session.summaryVeryShort);
    }, 20_000);

    if (process.env.QUESTLOG_SAVE_HISTORIES === '1') {
      const history = await app.workflows.getHandle(`session-${sessionId}`).fetchHistory();
      const file = path.resolve(__dirname, '../../../../workflows/histories/process-session.json');
      await fs.writeFile(file, historyToJSON(history));
    }
  },
  300_000,
);
