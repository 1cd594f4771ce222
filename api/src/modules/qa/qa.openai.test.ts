import { startTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { chatReply, OpenAICompatibleServer } from '../../../test/openai-compatible-server';
import { seedQaCampaigns, type QaCampaigns } from '../../../test/qa-campaigns';
import { grantQaAccess } from '../../../test/transcripts';

const PATH = 'chat/completions';
const ASK = `mutation($input: AskInput!) { ask(input: $input) { text found citations { sessionId quote } } }`;

let server: OpenAICompatibleServer;
let app: TestApp;
let owner: TestUser;
let seeded: QaCampaigns;

beforeAll(async () => {
  server = await OpenAICompatibleServer.start();
  app = await startTestApp({ QA_ENGINE: 'openai', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: server.apiKey });
  owner = await createUser(app);
  await grantQaAccess(owner);
  seeded = await seedQaCampaigns(app, owner);
});
afterEach(() => server.reset());
afterAll(async () => {
  await app.close();
  await server.close();
});

describe('ask with QA_ENGINE=openai', () => {
  it('gives the model only the retrieved in-game passages and keeps only citations of them', async () => {
    server.on(PATH, () =>
      chatReply(JSON.stringify({ answer: 'Under Tresendar Manor [1].', found: true, citations: [1, 42] })),
    );
    const res = await owner.client.gql(ASK, {
      input: { campaignId: seeded.shared.id, question: 'Where is the Redbrand hideout?' },
    });
    expect(res.body.data.ask).toEqual({
      text: 'Under Tresendar Manor [1].',
      found: true,
      citations: [
        { sessionId: seeded.shared.phandalin, quote: expect.stringContaining('cellars under Tresendar Manor') },
      ],
    });
    const sent = server.requestsTo(PATH)[0].json.messages[1].content as string;
    expect(sent).toMatch(/^Question: Where is the Redbrand hideout\?\n\nPassages:\n\[1\] Session 2: Phandalin, 0:00:/);
    expect(sent).not.toMatch(/nachos|pizza|Strahd/);
  });

  it('does not ask the model when nothing relevant was retrieved', async () => {
    const res = await owner.client.gql(ASK, {
      input: { sessionId: seeded.shared.ambush, question: 'What treasure was in the dragon hoard?' },
    });
    expect(res.body.data.ask).toEqual({
      text: 'Nothing relevant to that question was found in this session.',
      found: false,
      citations: [],
    });
    expect(server.requests).toHaveLength(0);
  });
});
