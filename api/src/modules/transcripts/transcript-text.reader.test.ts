import { startTestApp, type TestApp } from '../../../test/app';
import { createSession, createSharedCampaign, createUser } from '../../../test/factories';
import { addTranscript } from '../../../test/transcripts';

// Issue 47: a player's full-transcript download held table talk with no mark, so what the group said
// at the table read as the story; the owner's copy (the text they edit) stays as stored.

const QUERY = 'query($id: ID!) { session(id: $id) { fullTranscript } }';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test("a reader's full transcript marks each line said at the table; the owner's is the text they edit", async () => {
  const [owner, player] = [await createUser(app), await createUser(app)];
  const campaignId = await createSharedCampaign(owner, player, 'Millbrook');
  const session = await createSession(app, campaignId, { fullTranscript: 'stored text' });
  await addTranscript(app, session.id, [
    { text: 'The party arrives at the village of Millbrook.' },
    { text: 'Who wants pizza? I am ordering two large ones.', tableTalk: true },
    { text: 'Goblins ambush the party at the bridge.' },
  ]);
  const theirs = (await player.client.gql(QUERY, { id: session.id })).body.data.session.fullTranscript;
  expect(theirs.split('\n')).toEqual([
    '[00:00:00] The party arrives at the village of Millbrook.',
    '[00:00:20] (table talk) Who wants pizza? I am ordering two large ones.',
    '[00:00:40] Goblins ambush the party at the bridge.',
  ]);
  const own = (await owner.client.gql(QUERY, { id: session.id })).body.data.session.fullTranscript;
  expect(own).toBe('stored text');
});
