import { MockActivityEnvironment } from '@temporalio/testing';
import { startTestApp, type TestApp } from '../../../test/app';
import { addLines, createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { chatReply, OpenAICompatibleServer } from '../../../test/openai-compatible-server';
import type { Engines } from '../../engines/engines';
import { ExtractiveSummarizer } from '../../engines/summaries/extractive-summarizer';
import { OpenAISummarizer } from '../../engines/summaries/openai-summarizer';
import type { Summarizer } from '../../engines/summaries/summarizer';
import { transcriptActivities } from '../../processing/transcript.activities';
import { activityDeps } from '../../../test/activity-deps';

/*
 * Issue 26: a session says which writer made its summaries, the offline recap or a language model
 * by name, to whoever may read the summaries: a recipient reads nothing while they are GM-only.
 */

let app: TestApp;
let model: OpenAICompatibleServer;
let owner: TestUser;
let recipient: TestUser;
let sessionId: string;

const WRITER = `query($id: ID!) { session(id: $id) { summaryWriter { kind model } } }`;

async function writerAs(user: TestUser): Promise<unknown> {
  const res = await user.client.gql<{ session: { summaryWriter: unknown } }>(WRITER, { id: sessionId });
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.session.summaryWriter;
}

/** The summary stage of the pipeline, as the worker runs it, with the given writer. */
async function summarizeWith(summarizer: Summarizer): Promise<void> {
  const deps = activityDeps(app, { summarizer } as unknown as Engines);
  await new MockActivityEnvironment().run(transcriptActivities(deps).summarizeSession, { sessionId });
}

beforeAll(async () => {
  [app, model] = await Promise.all([startTestApp(), OpenAICompatibleServer.start()]);
  [owner, recipient] = await Promise.all([createUser(app), createUser(app)]);
  const campaignId = await createCampaign(owner, 'The Obsidian Road');
  await owner.client.gql('mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }', {
    c: campaignId,
    e: recipient.email,
  });
  sessionId = (await createSession(app, campaignId)).id;
  await addLines(app, sessionId, [
    'A scarred smith named Vessaline greets the party at the gate of Morrowgate.',
    'The party promises Vessaline to find her stolen hammer in the Whispering Caves.',
    'Goblins ambush the wagon on the road south of Morrowgate at dusk.',
    'Bram cuts down the goblin chief and finds the hammer in its sack.',
    ['Who wants more pizza?', 'table'],
  ]);
});
afterAll(() => Promise.all([app.close(), model.close()]));

test('summaries written before the writer was kept name none', async () => {
  expect(await writerAs(owner)).toBeNull();
});

test('the offline recap and a language model are told apart, the model by name', async () => {
  await summarizeWith(new ExtractiveSummarizer());
  expect(await writerAs(owner)).toEqual({ kind: 'OFFLINE', model: null });
  expect(await writerAs(recipient)).toEqual({ kind: 'OFFLINE', model: null });

  // A scene's retelling cites its first line; the brief tells scene 1.
  model.on('chat/completions', (request) =>
    chatReply(
      JSON.stringify(
        String(request.json.messages[0].content).startsWith('You retell one scene')
          ? { sentences: [{ text: 'Bram beats the goblins and finds the hammer.', lines: [1] }] }
          : { brief: [{ text: 'Bram beats the goblins.', scene: 1 }], very_short: 'Hammer found' },
      ),
    ),
  );
  await summarizeWith(new OpenAISummarizer({ baseURL: model.baseURL, apiKey: model.apiKey, model: 'llama-3.1-8b' }));
  expect(await writerAs(owner)).toEqual({ kind: 'LANGUAGE_MODEL', model: 'llama-3.1-8b' });
});

test('a recipient learns nothing of GM-only summaries, not even who wrote them', async () => {
  await owner.client.gql('mutation($id: ID!) { setSessionSummariesGmOnly(id: $id, gmOnly: true) { id } }', {
    id: sessionId,
  });
  expect(await writerAs(recipient)).toBeNull();
  expect(await writerAs(owner)).toEqual({ kind: 'LANGUAGE_MODEL', model: 'llama-3.1-8b' });
});
