import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { gameNight, makeSessionRecording } from '../../../test/audio-fixtures';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import {
  CountingSpeechToText,
  startProcessingApp,
  storeAndProcess,
  waitForStatus,
  type ProcessingTestApp,
} from '../../../test/processing';
import { addTimedTranscript } from '../../../test/transcripts';
import { createEngines } from '../../engines/engines';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { addToCast } from '../../modules/cast';
import type { RunningWorker } from '../../worker/worker';

/**
 * Issue 48 point 5: the campaign learns its vocabulary. What the GM typed, names the GM corrected
 * in session 1's lines, the cast's names and a confirmed index entry reach the speech service as
 * the prompt of every chunk of session 2, through the real workflow, worker and speech service.
 */

let app: ProcessingTestApp;
let worker: RunningWorker;
let speech: CountingSpeechToText;
let owner: TestUser;
let dir: string;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '8' });
  const engines = createEngines(app.config);
  speech = new CountingSpeechToText(engines.speechToText);
  worker = await app.startWorker({ engines: { ...engines, speechToText: speech } });
  owner = await createUser(app);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'learned-vocabulary-'));
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function gql<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await owner.client.gql(query, variables);
  expect(res.body.errors).toBeUndefined();
  return res.body.data as T;
}

it("a later session's transcription is prompted with the names the campaign learned in earlier ones", async () => {
  const campaignId = await createCampaign(owner);
  await gql('mutation($id: ID!, $v: String!) { setCampaignVocabulary(campaignId: $id, vocabulary: $v) { id } }', {
    id: campaignId,
    v: 'Millbrook',
  });

  // Session 1, as the pipeline left it: the transcript spelled a name wrong, a voice joined the cast.
  const first = await createSession(app, campaignId);
  await addTimedTranscript(app, first.id, [
    { startMs: 0, text: 'The party meets Thoren at the gate of the keep.' },
    { startMs: 6_000, text: 'The silver key lies hidden under the altar of Vorn.' },
    { startMs: 12_000, text: 'Vorn watches the party from the shadows of the altar.' },
  ]);
  await addToCast(app.orm.em.fork(), campaignId, ['sam']);

  // The GM corrects the name in the line…
  const { session } = await gql<{ session: { transcriptLines: Array<{ id: string; text: string }> } }>(
    'query($id: ID!) { session(id: $id) { transcriptLines { id text } } }',
    { id: first.id },
  );
  const misheard = session.transcriptLines.find((l) => l.text.includes('Thoren'))!;
  await gql('mutation($id: ID!, $text: String!) { editTranscriptLine(lineId: $id, text: $text) { id } }', {
    id: misheard.id,
    text: 'The party meets Thorvald at the gate of the keep.',
  });
  // …names the voice in the cast…
  const { campaign } = await gql<{ campaign: { cast: Array<{ id: string; label: string }> } }>(
    'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
    { id: campaignId },
  );
  await gql('mutation($id: ID!, $input: SpeakerInput!) { updateSpeaker(id: $id, input: $input) { id } }', {
    id: campaign.cast.find((s) => s.label === 'sam')!.id,
    input: { playerName: 'Sam', characterName: 'Vexahlia' },
  });
  // …and confirms an index entry under the name the group uses.
  const { campaign: indexed } = await gql<{ campaign: { index: Array<{ id: string; name: string }> } }>(
    'query($id: ID!) { campaign(id: $id) { index { id name } } }',
    { id: campaignId },
  );
  const vorn = indexed.index.find((e) => e.name === 'Vorn');
  expect(vorn).toBeDefined();
  await gql('mutation($id: ID!, $input: IndexEntryInput!) { updateIndexEntry(id: $id, input: $input) { id } }', {
    id: vorn!.id,
    input: { name: 'Vornhollow' },
  });

  // Session 2: an upload of audio, through the whole pipeline.
  speech.prompts.length = 0;
  const recording = await makeSessionRecording(dir, gameNight.slice(0, 4), { wordsPerMinute: 200, pauseMs: 600 });
  const second = await storeAndProcess(app, campaignId, recording.path);
  const done = await waitForStatus(app, second, [SessionStatus.READY, SessionStatus.FAILED]);
  expect(done.failureReason ?? null).toBeNull();

  // Every chunk's request: the character first, then the typed and corrected names, the confirmed
  // entry, the player last; the cast's bare label ("sam") and the index's other entries are not names given.
  expect(speech.prompts.length).toBeGreaterThanOrEqual(2);
  expect(new Set(speech.prompts)).toEqual(new Set(['Vexahlia, Millbrook, Thorvald, Vornhollow, Sam']));

  // A single-track run with diarization, for the replay test (workflows/histories).
  if (process.env.QUESTLOG_SAVE_HISTORIES === '1') {
    const history = await app.workflows.getHandle(`session-${second}`).fetchHistory();
    const file = path.resolve(__dirname, '../../../../workflows/histories/process-session-diarized.json');
    await fs.writeFile(file, historyToJSON(history));
  }
}, 300_000);
