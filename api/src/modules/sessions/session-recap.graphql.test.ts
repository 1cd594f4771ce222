import { MockActivityEnvironment } from '@temporalio/testing';
import { startTestApp, type TestApp } from '../../../test/app';
import { createSession, createSharedCampaign, createUser, type TestUser } from '../../../test/factories';
import { activityDeps } from '../../../test/activity-deps';
import { addTranscript, type Line } from '../../../test/transcripts';
import type { Engines } from '../../engines/engines';
import { ExtractiveSummarizer } from '../../engines/summaries/extractive-summarizer';
import { transcriptActivities } from '../../processing/transcript.activities';

// Issue 46: Session.recap is the night as scenes, each sentence linked to its lines; a recipient
// never reads a sentence of a GM-only line, not even in the seconds before the recap is written again.

const NIGHT: Line[] = [
  { text: 'The ship drifts into the docks of Saltmere under a grey sky.' },
  { text: 'Captain Ives waits on the pier of the docks with her arms crossed.' },
  { text: 'Captain Ives tells the party that her cargo of silver vanished from the docks last night.' },
  { text: 'The smuggler Vessa is secretly Captain Ives her own sister.', gmOnly: true },
  { text: 'Wet footprints lead from the pier of the docks toward the old sea wall.' },
  { text: 'Pass me the crisps, please.', tableTalk: true },
  { text: 'The party walks up the hill to the Copper Lantern tavern.' },
  { text: 'The barkeep Olm pours the party a round of ale at the Copper Lantern.' },
  { text: 'Olm whispers that the smugglers meet in the crypt beneath the chapel.' },
];

const RECAP = `query($id: ID!) { session(id: $id) {
  recap { scenes { title startMs endMs where people met main happened { text lineIds startMs } found { text lineIds } }
          threads { text lineIds } }
  transcriptLines { id text startMs gmOnly tableTalk } } }`;

let app: TestApp;
let owner: TestUser;
let recipient: TestUser;
let campaignId: string;
beforeAll(async () => {
  app = await startTestApp();
  [owner, recipient] = [await createUser(app), await createUser(app)];
  campaignId = await createSharedCampaign(owner, recipient, 'Saltmere');
});
afterAll(() => app.close());

async function summarizedNight(): Promise<string> {
  const session = await createSession(app, campaignId, { title: 'Session 1: Saltmere' });
  await addTranscript(app, session.id, NIGHT);
  const deps = activityDeps(app, { summarizer: new ExtractiveSummarizer() } as unknown as Engines);
  await new MockActivityEnvironment().run(transcriptActivities(deps).summarizeSession, { sessionId: session.id });
  return session.id;
}

const sentencesOf = (recap: any): Array<{ text: string; lineIds: string[]; startMs?: number }> => [
  ...recap.scenes.flatMap((s: any) => [...s.happened, ...s.found]),
  ...recap.threads,
];

test('a session reads as scenes whose every sentence links to the transcript line it was told from', async () => {
  const id = await summarizedNight();
  const { session } = (await owner.client.gql(RECAP, { id })).body.data;
  const lines = new Map<string, any>(session.transcriptLines.map((l: any) => [l.id, l]));
  expect(session.recap.scenes.length).toBeGreaterThan(0);
  expect(session.recap.scenes[0].startMs).toBe(0);
  const told = sentencesOf(session.recap);
  expect(told.length).toBeGreaterThanOrEqual(3);
  for (const sentence of told) {
    const line = lines.get(sentence.lineIds[0]);
    expect(line).toBeDefined();
    expect(line.gmOnly || line.tableTalk).toBe(false);
    if (sentence.startMs !== undefined) expect(sentence.startMs).toBe(line.startMs);
  }
  // Built from lines every reader may read: the GM-only line and table talk never make a sentence.
  expect(JSON.stringify(session.recap)).not.toMatch(/Vessa|crisps/);
});

test("a line marked GM-only leaves the recipient's recap at once; summaries kept GM-only leave no recap", async () => {
  const id = await summarizedNight();
  const { session } = (await owner.client.gql(RECAP, { id })).body.data;
  const cited = sentencesOf(session.recap)[0];
  const mark = 'mutation($l: ID!) { setLineGmOnly(lineId: $l, gmOnly: true) { id gmOnly } }';
  expect((await owner.client.gql(mark, { l: cited.lineIds[0] })).body.data.setLineGmOnly.gmOnly).toBe(true);

  const seen = (await recipient.client.gql(RECAP, { id })).body.data.session.recap;
  expect(sentencesOf(seen).map((s) => s.text)).not.toContain(cited.text);
  expect(sentencesOf(seen).length).toBe(sentencesOf(session.recap).length - 1);
  // The owner reads every line, the one just marked too, until the recap is written again.
  const own = (await owner.client.gql(RECAP, { id })).body.data.session.recap;
  expect(sentencesOf(own).map((s) => s.text)).toContain(cited.text);

  const hide = 'mutation($id: ID!) { setSessionSummariesGmOnly(id: $id, gmOnly: true) { id } }';
  expect((await owner.client.gql(hide, { id })).body.errors).toBeUndefined();
  expect((await recipient.client.gql(RECAP, { id })).body.data.session.recap).toBeNull();
  expect((await owner.client.gql(RECAP, { id })).body.data.session.recap).not.toBeNull();
});

test('REST session details carry the same recap', async () => {
  const id = await summarizedNight();
  const { session } = (await owner.client.gql(RECAP, { id })).body.data;
  const res = await owner.client.get(`/api/get_session_details/${id}/`);
  expect(res.status).toBe(200);
  expect(res.body.recap).toEqual(session.recap);
});
