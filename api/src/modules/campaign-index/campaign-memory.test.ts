import { OpenAIMemoryWriter } from '../../engines/campaign-index/openai-memory-writer';
import { appWithUsers, createSession, createSharedCampaign } from '../../../test/factories';
import { chatReply, OpenAICompatibleServer, type RecordedRequest } from '../../../test/openai-compatible-server';
import { addTranscript } from '../../../test/transcripts';
import { CampaignMemoryService } from './campaign-memory.service';

/*
 * INDEX_ENGINE=openai: a chat model (a local OpenAI-compatible server) writes index descriptions and
 * open threads after a session. Each is read only while what it was written from is unchanged, and
 * the model is never shown a GM-only line or GM-only summaries.
 */

const PATH = 'chat/completions';
const SECRET = 'Zarquon';
const ctx = appWithUsers(['owner', 'recipient']);
const server = OpenAICompatibleServer.forThisFile();

const userOf = (r: RecordedRequest): string => r.json.messages.find((m: { role: string }) => m.role === 'user').content;

/** A model that describes every entry it is given and finds one quest in the first session. */
function model(r: RecordedRequest) {
  const user = userOf(r);
  if (user.startsWith('Entry ')) {
    const keys = [...user.matchAll(/^Entry "([^"]+)": ([^(]+) \(/gm)].map((m) => [m[1], m[2].trim()]);
    return chatReply(
      JSON.stringify({ descriptions: Object.fromEntries(keys.map(([k, name]) => [k, `Written: ${name}.`])) }),
    );
  }
  return chatReply(
    JSON.stringify({ threads: [{ kind: 'quest', text: 'Recover the stolen hammer for Vessaline.', session: 1 }] }),
  );
}

async function campaignWithStory() {
  const campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, 'The Ember Road');
  const session = await createSession(ctx.app, campaignId, {
    title: 'The Gate',
    moderateSummary: 'Vessaline the smith asks the party to recover her stolen hammer.',
  });
  await addTranscript(ctx.app, session.id, [
    { text: 'A scarred smith named Vessaline greets the party at the gate of Morrowgate.' },
    { text: 'Vessaline asks the party to recover her stolen hammer from the Whispering Caves.' },
    { text: `${SECRET} the lich watches Vessaline from the Obsidian Spire.` },
  ]);
  await ctx.app.orm.em
    .fork()
    .execute(`update transcript_segments set gm_only = true where session_id = ? and text like ?`, [
      session.id,
      `${SECRET}%`,
    ]);
  const writer = new OpenAIMemoryWriter({
    baseURL: server.baseURL,
    apiKey: server.apiKey,
    model: 'test-chat',
    maxRetries: 0,
  });
  return { campaignId, sessionId: session.id, memory: new CampaignMemoryService(ctx.app.orm.em.fork(), writer) };
}

const READ = `query($id: ID!) { campaign(id: $id) {
  index { name description }
  openThreads { kind text lineId session { title } }
} }`;

describe('the campaign memory a chat model writes (INDEX_ENGINE=openai)', () => {
  beforeEach(() => server.on(PATH, model));

  it('is read by owner and recipients alike, and the model never sees a GM-only line', async () => {
    const { campaignId, sessionId, memory } = await campaignWithStory();
    await memory.writeForSession(sessionId);

    for (const user of [ctx.owner, ctx.recipient]) {
      const { campaign } = (await user.client.gql(READ, { id: campaignId })).body.data;
      expect(campaign.index).toEqual(
        expect.arrayContaining([
          { name: 'Vessaline', description: 'Written: Vessaline.' },
          { name: 'Morrowgate', description: 'Written: Morrowgate.' },
        ]),
      );
      expect(campaign.openThreads).toEqual([
        {
          kind: 'quest',
          text: 'Recover the stolen hammer for Vessaline.',
          lineId: expect.any(String),
          session: { title: 'The Gate' },
        },
      ]);
    }
    const lines = await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { transcriptLines { id text } } }', {
      id: sessionId,
    });
    const linked = lines.body.data.session.transcriptLines.find((l: { text: string }) => l.text.includes('asks'));
    const { campaign } = (await ctx.owner.client.gql(READ, { id: campaignId })).body.data;
    expect(campaign.openThreads[0].lineId).toBe(linked.id);
    expect(JSON.stringify(server.requestsTo(PATH).map(userOf))).not.toContain(SECRET);

    // Written once: a second run with nothing changed asks nothing.
    const asked = server.requestsTo(PATH).length;
    await memory.writeForSession(sessionId);
    expect(server.requestsTo(PATH)).toHaveLength(asked);
  });

  it('falls back to the offline text the moment what it was written from changes', async () => {
    const { campaignId, sessionId, memory } = await campaignWithStory();
    await memory.writeForSession(sessionId);
    const db = ctx.app.orm.em.fork();
    // The line that says most about Morrowgate goes GM-only; the session's story is rewritten.
    await db.execute(`update transcript_segments set gm_only = true where session_id = ? and text like 'A scarred%'`, [
      sessionId,
    ]);
    await db.execute(`update sessions set moderate_summary = 'The party rests.' where id = ?`, [sessionId]);

    const { campaign } = (await ctx.recipient.client.gql(READ, { id: campaignId })).body.data;
    const vessaline = campaign.index.find((e: { name: string }) => e.name === 'Vessaline');
    expect(vessaline.description).not.toMatch(/^Written/);
    expect(vessaline.description).toContain('Vessaline asks the party');
    expect(campaign.index.map((e: { name: string }) => e.name)).not.toContain('Morrowgate');
    // The rules' thread, from the line itself, until the model writes again.
    expect(campaign.openThreads).toEqual([
      expect.objectContaining({ text: expect.stringContaining('Vessaline asks the party to recover') }),
    ]);
    expect(campaign.openThreads[0].text).not.toBe('Recover the stolen hammer for Vessaline.');

    await memory.writeForSession(sessionId);
    const again = (await ctx.recipient.client.gql(READ, { id: campaignId })).body.data.campaign;
    expect(again.index.find((e: { name: string }) => e.name === 'Vessaline').description).toBe('Written: Vessaline.');
    expect(again.openThreads[0].text).toBe('Recover the stolen hammer for Vessaline.');
  });

  it('does nothing without a writer (the offline default)', async () => {
    const { campaignId, sessionId } = await campaignWithStory();
    await new CampaignMemoryService(ctx.app.orm.em.fork(), undefined).writeForSession(sessionId);
    const { campaign } = (await ctx.owner.client.gql(READ, { id: campaignId })).body.data;
    expect(campaign.index.every((e: { description: string }) => !e.description.startsWith('Written'))).toBe(true);
    expect(server.requestsTo(PATH)).toHaveLength(0);
  });
});
