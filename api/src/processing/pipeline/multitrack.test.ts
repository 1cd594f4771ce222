import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ScriptLine } from '../../../test/audio-fixtures';
import { createCampaign, createUser, type TestUser } from '../../../test/factories';
import { makeCraigZip, type CraigRecording } from '../../../test/multitrack';
import { startProcessingApp, waitForStatus, type ProcessingTestApp } from '../../../test/processing';
import { grantQaAccess } from '../../../test/transcripts';
import { postForm, storedFiles } from '../../../test/uploads';
import { addToCast } from '../../modules/cast/cast.service';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import type { RunningWorker } from '../../worker/worker';

/*
 * Issue 13 end to end: a Craig-style ZIP (one espeak-ng voice per track, overlapping a little)
 * uploaded, each track transcribed on its own and merged by time, every line with its speaker,
 * summaries naming characters, a question about one character answered from that character's lines.
 */

const SPEAKERS = { 'en-us': 'dana', 'en+m3': 'sam', 'en+f3': 'kira', 'en-gb': 'theo' } as const;
const night: ScriptLine[] = [
  { voice: 'en-us', text: 'The innkeeper Sabine pours four mugs of cider and asks about her missing brother.' },
  { voice: 'en+m3', text: 'I promise the innkeeper that we will find her brother in the old mine.' },
  { voice: 'en+f3', text: 'I study the map of the mine and mark the flooded tunnels.' },
  { voice: 'en-gb', text: 'I sharpen my axe by the fire.' },
  { voice: 'en-us', text: 'At dawn the party reaches the mine and finds a silver bell on the altar.' },
  { voice: 'en+m3', text: 'I grab the silver bell and ring it three times.' },
  { voice: 'en+f3', text: 'Who wants more pizza? I am ordering two large pizzas now.' },
  { voice: 'en-us', text: 'Skeletons rise from the water and the tunnel shakes.' },
];

let app: ProcessingTestApp;
let worker: RunningWorker;
let owner: TestUser;
let dir: string;
let craig: CraigRecording;

beforeAll(async () => {
  app = await startProcessingApp({ PROCESSING_MAX_CHUNK_SECONDS: '20', TRANSCRIBE_CONCURRENCY: '2' });
  worker = await app.startWorker();
  owner = await createUser(app);
  await grantQaAccess(owner);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'multitrack-'));
  craig = await makeCraigZip(dir, night, SPEAKERS);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function uploadZip(campaignId: string, file: string, fileName = 'craig-night.zip') {
  return postForm(owner.client, '/upload/', [
    { name: 'campaign_id', value: campaignId },
    { name: 'audio', value: { fileName, type: 'application/zip', bytes: await fs.readFile(file) } },
  ]);
}

/** The script line a transcript line was heard in: the one its middle falls in (or is nearest to). */
function spokenIn(line: { startMs: number; endMs: number }) {
  const middle = (line.startMs + line.endMs) / 2;
  const distance = (l: CraigRecording['lines'][number]) =>
    middle < l.startMs ? l.startMs - middle : middle > l.endMs ? middle - l.endMs : 0;
  return [...craig.lines].sort((a, b) => distance(a) - distance(b))[0];
}

test('a Craig ZIP becomes one transcript with every line spoken by the right speaker, named as the cast says', async () => {
  const campaignId = await createCampaign(owner, 'The Drowned Mine');
  // Named once, in an earlier session of the campaign: this session is named from the start.
  await addToCast(app.orm.em.fork(), campaignId, ['dana', 'sam']);
  const cast = await owner.client.gql('query($id: ID!) { campaign(id: $id) { cast { id label } } }', {
    id: campaignId,
  });
  const ids = Object.fromEntries(
    cast.body.data.campaign.cast.map((s: { id: string; label: string }) => [s.label, s.id]),
  );
  const name = (id: string, input: Record<string, string>) =>
    owner.client.gql('mutation($id: ID!, $input: SpeakerInput!) { updateSpeaker(id: $id, input: $input) { id } }', {
      id,
      input,
    });
  await name(ids.dana, { role: 'GM', playerName: 'Dana' });
  await name(ids.sam, { characterName: 'Bram', playerName: 'Sam' });

  const res = await uploadZip(campaignId, craig.zip);
  expect(res.status).toBe(200);
  const sessionId = res.body.transcript_id as string;
  const session = await waitForStatus(app, sessionId, [SessionStatus.READY, SessionStatus.FAILED], 300_000);
  expect(session.failureReason ?? null).toBeNull();
  expect(Math.abs(session.durationSeconds! * 1000 - craig.durationMs)).toBeLessThan(300);
  expect(session.tracks!.map((t) => t.label)).toEqual(['dana', 'sam', 'kira', 'theo']);

  const lines = await app.orm.em
    .fork()
    .find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
  console.log(lines.map((l) => `${l.startMs} ${l.speaker}: ${l.text}`).join('\n'));
  expect(lines.length).toBeGreaterThanOrEqual(night.length - 1);
  const right = lines.filter((l) => l.speaker === spokenIn(l).speaker);
  expect(right.length / lines.length).toBeGreaterThanOrEqual(0.95);
  // Merged by time, as spoken, although each track was transcribed on its own.
  for (let i = 1; i < lines.length; i++) expect(lines[i].startMs).toBeGreaterThanOrEqual(lines[i - 1].startMs);
  expect(new Set(lines.map((l) => l.speaker))).toEqual(new Set(['dana', 'sam', 'kira', 'theo']));

  // The new voices joined the cast; the named ones show their names everywhere.
  const read = await owner.client.gql(
    `query($s: ID!, $c: ID!) {
      session(id: $s) { detailedSummary fullTranscript transcriptLines { text speaker { displayName } } }
      campaign(id: $c) { cast { label displayName } }
    }`,
    { s: sessionId, c: campaignId },
  );
  expect(read.body.errors).toBeUndefined();
  const { session: shown, campaign } = read.body.data;
  expect(campaign.cast.map((s: { label: string }) => s.label)).toEqual(['dana', 'sam', 'kira', 'theo']);
  const bell = shown.transcriptLines.find((l: { text: string }) => /silver .* three times/i.test(l.text));
  expect(bell.speaker.displayName).toBe('Bram (Sam)');
  expect(shown.fullTranscript).toMatch(/\] Bram \(Sam\): I \w+ the silver/i);
  expect(shown.fullTranscript).toMatch(/\] GM \(Dana\): .*missing brother/i);
  // Summaries say who did what, in the third person by the cast's names; table talk stays out.
  console.log(shown.detailedSummary);
  expect(shown.detailedSummary).toMatch(/Bram \w+ the silver/i);
  expect(shown.detailedSummary).not.toMatch(/\bI\b|Bram:/);
  expect(shown.detailedSummary).not.toMatch(/pizza/i);

  // The rendition the player streams mixes every voice.
  const audio = await owner.client.get(`/api/sessions/${sessionId}/audio`);
  expect(audio.status).toBe(200);
  expect(audio.headers.get('content-type')).toMatch(/audio\/mp4/);

  // A question about a character is answered from that character's own lines.
  const ask = await owner.client.gql(
    'mutation($input: AskInput!) { ask(input: $input) { found text citations { quote } } }',
    { input: { campaignId, question: 'What did Bram promise?' } },
  );
  expect(ask.body.errors).toBeUndefined();
  console.log(ask.body.data.ask);
  expect(ask.body.data.ask.found).toBe(true);
  expect(ask.body.data.ask.text).toMatch(/Bram: I promise.*brother/i);
}, 360_000);

test('bad ZIPs are refused with a clear message and leave nothing behind', async () => {
  const campaignId = await createCampaign(owner, 'Bad archives');
  const storageDir = app.config.STORAGE_DIR!;
  const before = storedFiles(storageDir);
  const text = path.join(dir, 'notes.zip');
  const { default: yazl } = await import('yazl');
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('just notes'), 'info.txt');
  zip.end();
  await fs.writeFile(text, await streamToBuffer(zip.outputStream));
  const res = await uploadZip(campaignId, text);
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('The ZIP file has no audio tracks in it.');

  const bogus = path.join(dir, 'bogus.zip');
  await fs.writeFile(bogus, Buffer.from('PK\x03\x04 this is no zip at all'));
  const broken = await uploadZip(campaignId, bogus);
  expect(broken.status).toBe(400);
  expect(broken.body.error).toBe('The ZIP file could not be read. Please upload an intact ZIP of audio tracks.');
  expect(storedFiles(storageDir)).toEqual(before);
  const sessions = await owner.client.gql('query($id: ID!) { campaign(id: $id) { sessions { id } } }', {
    id: campaignId,
  });
  expect(sessions.body.data.campaign.sessions).toEqual([]);
});

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
