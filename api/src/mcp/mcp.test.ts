import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startTestApp, type TestApp } from '../../test/app';
import { apiToken, SECRET_WORDS, seedMcpCampaign, type McpCampaign } from '../../test/mcp-campaign';
import { mcpClient, type McpTransportKind } from '../../test/mcp-clients';

// Issue 29: the SDK's own client drives the MCP server over both transports; a recipient's token
// never yields a GM-only line, summary, index entry or link, hidden entries stay hidden, and a
// stranger's ids answer exactly as unknown ids do.

const TOOLS = [
  'ask',
  'get_index_entry',
  'get_scenes',
  'get_summary',
  'list_campaigns',
  'list_sessions',
  'recap',
  'search_transcript',
];

type Call = [tool: string, args: Record<string, unknown>];

/** Every tool, with arguments that reach each secret of the seeded campaign. */
function everyCall(c: Pick<McpCampaign, 'campaignId' | 'roadId' | 'townId'>): Call[] {
  const { campaignId, roadId, townId } = c;
  return [
    ['list_campaigns', {}],
    ['list_sessions', { campaignId }],
    ...['one_line', 'brief', 'moderate', 'detailed'].map((level): Call => [
      'get_summary',
      { sessionId: townId, level },
    ]),
    ...['brief', 'moderate', 'detailed'].map((level): Call => ['get_summary', { campaignId, level }]),
    ['search_transcript', { campaignId, query: 'Grimsworth' }],
    ['search_transcript', { sessionId: townId, query: 'poison' }],
    ['search_transcript', { sessionId: roadId, query: 'the' }],
    ['search_transcript', { campaignId, query: 'party' }],
    ['ask', { campaignId, question: 'Who is Grimsworth?' }],
    ['ask', { sessionId: roadId, question: 'Where is the map to Wave Echo Cave?' }],
    ['ask', { campaignId, question: 'Who captured Gundren Rockseeker?' }],
    ['get_index_entry', { campaignId, name: 'Sildar Hallwinter' }],
    ['get_index_entry', { campaignId, name: 'Toblen Stonehill' }],
    ['get_index_entry', { campaignId, name: 'Gundren Rockseeker' }],
    ['recap', { campaignId }],
    ['get_scenes', { sessionId: roadId }],
    ['get_scenes', { sessionId: townId }],
  ];
}

const textOf = (result: unknown) => JSON.stringify(result);
const structuredOf = (result: Awaited<ReturnType<Client['callTool']>>) => result.structuredContent as any;

let app: TestApp;
let seeded: McpCampaign;
const tokens = { owner: '', recipient: '', stranger: '' };

beforeAll(async () => {
  app = await startTestApp();
  seeded = await seedMcpCampaign(app);
  tokens.owner = await apiToken(seeded.owner, 'FULL');
  tokens.recipient = await apiToken(seeded.recipient, 'READ');
  tokens.stranger = await apiToken(seeded.stranger, 'READ');
}, 60_000);
afterAll(() => app?.close());

describe.each<McpTransportKind>(['streamable-http', 'stdio'])('over %s', (kind) => {
  const clients: Partial<Record<keyof typeof tokens, Client>> = {};
  beforeAll(async () => {
    for (const who of ['owner', 'recipient', 'stranger'] as const)
      clients[who] = await mcpClient(kind, app.url, tokens[who]);
  }, 60_000);
  afterAll(async () => {
    for (const client of Object.values(clients)) await client?.close();
  });
  const call = (who: keyof typeof tokens, [name, args]: Call) => clients[who]!.callTool({ name, arguments: args });

  it('lists the eight read-only tools with input and output schemas, and the session resources', async () => {
    const { tools } = await clients.recipient!.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const { resourceTemplates } = await clients.recipient!.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'questlog://session/{sessionId}/summaries',
      'questlog://session/{sessionId}/transcript',
    ]);
    const { resources } = await clients.recipient!.listResources();
    expect(resources.map((r) => r.uri)).toContain(`questlog://session/${seeded.townId}/transcript`);
  });

  it('gives the owner every tool, secrets included', async () => {
    const { campaignId, townId } = seeded;
    expect(structuredOf(await call('owner', ['list_campaigns', {}])).campaigns).toEqual([
      { id: campaignId, title: 'Lost Mine', role: 'OWNER' },
    ]);
    const sessions = structuredOf(await call('owner', ['list_sessions', { campaignId }])).sessions;
    expect(sessions.map((s: any) => [s.title, s.playedOn])).toEqual([
      ['Session 1: The Road', '2026-11-01'],
      ['Session 2: Phandalin', '2026-11-08'],
    ]);
    const summary = structuredOf(await call('owner', ['get_summary', { sessionId: townId, level: 'brief' }]));
    expect(summary.summary).toMatch(/Vexmoor/);
    const found = structuredOf(await call('owner', ['search_transcript', { campaignId, query: 'grimsworth' }]));
    expect(found.lines.map((l: any) => l.text)).toHaveLength(2);
    expect(found.lines[0]).toMatchObject({ sessionTitle: 'Session 1: The Road', time: '0:01:20', speaker: null });
    expect(found.lines[0].link).toBe(`${app.url}/archive?transcript_id=${seeded.roadId}&t=80000`);
    const answer = structuredOf(await call('owner', ['ask', { campaignId, question: 'Who is Grimsworth?' }]));
    expect(answer.found).toBe(true);
    expect(answer.citations[0].link).toMatch(/\/archive\?transcript_id=/);
    const entry = structuredOf(await call('owner', ['get_index_entry', { campaignId, name: 'sildar hallwinter' }]));
    expect(entry.mentions.length).toBeGreaterThan(0);
    const recap = structuredOf(await call('owner', ['recap', { campaignId }]));
    expect(recap).toMatchObject({ lastSession: { id: townId }, briefSummary: expect.stringMatching(/Vexmoor/) });
    const transcript = await clients.owner!.readResource({ uri: `questlog://session/${townId}/transcript` });
    expect(textOf(transcript)).toMatch(/poison/);
    const scenes = structuredOf(await call('owner', ['get_scenes', { sessionId: seeded.roadId }]));
    expect(scenes.scenes[0]).toMatchObject({ title: 'Triboar Trail', start: '0:00:00', met: ['Gundren Rockseeker'] });
    expect(scenes.scenes[0].happened.map((h: any) => h.text)).toEqual([
      'The wagon rolls along the Triboar Trail toward Phandalin.',
      'Gundren secretly carries the map to Wave Echo Cave in his boot.',
    ]);
    expect(scenes.scenes[0].happened[1].link).toBe(`${app.url}/archive?transcript_id=${seeded.roadId}&t=40000`);
  });

  it('never gives a recipient a GM-only line, summary, index entry or link to one, through any tool', async () => {
    for (const c of everyCall(seeded)) {
      const result = await call('recipient', c);
      const text = textOf(result);
      expect({ call: c, text }).not.toEqual({ call: c, text: expect.stringMatching(SECRET_WORDS) });
      for (const [, session, t] of text.matchAll(/transcript_id=([0-9a-f-]{36})&t=(\d+)/g)) {
        expect(seeded.gmOnlyStarts.get(session)?.has(Number(t))).toBe(false);
      }
    }
    const { campaignId, townId, roadId } = seeded;
    expect(structuredOf(await call('recipient', ['search_transcript', { campaignId, query: 'party' }])).total).toBe(5);
    expect(structuredOf(await call('recipient', ['get_summary', { sessionId: townId, level: 'brief' }])).summary).toBe(
      '',
    );
    expect(structuredOf(await call('recipient', ['recap', { campaignId }])).briefSummary).toBe('');
    // The road's scenes without the sentences of its GM-only lines; Phandalin's summaries are GM-only.
    const road = structuredOf(await call('recipient', ['get_scenes', { sessionId: roadId }]));
    expect(road.scenes[0].happened.map((h: any) => h.text)).toEqual([
      'The wagon rolls along the Triboar Trail toward Phandalin.',
    ]);
    expect(road.scenes[0].found).toEqual([]);
    expect(road.threads.map((t: any) => t.text)).toEqual(['Sildar asks the party to escort him to Phandalin.']);
    expect(structuredOf(await call('recipient', ['get_scenes', { sessionId: townId }])).scenes).toEqual([]);
    // The Q&A answers a recipient from what they may read (not an error that would hide nothing).
    const visible = await call('recipient', ['ask', { campaignId, question: 'Who captured Gundren Rockseeker?' }]);
    expect(structuredOf(visible)).toMatchObject({
      found: true,
      citations: [expect.objectContaining({ sessionId: roadId })],
    });
    const secret = await call('recipient', ['ask', { campaignId, question: 'Who is Grimsworth?' }]);
    expect(structuredOf(secret)).toEqual({ found: false, citations: [], text: expect.any(String) });
    expect(structuredOf(await call('recipient', ['list_campaigns', {}])).campaigns).toEqual([
      { id: campaignId, title: 'Lost Mine', role: 'RECIPIENT' },
    ]);
    for (const uri of [`questlog://session/${townId}/transcript`, `questlog://session/${townId}/summaries`]) {
      const text = textOf(await clients.recipient!.readResource({ uri }));
      expect(text).not.toMatch(SECRET_WORDS);
    }
    expect(textOf(await clients.recipient!.readResource({ uri: `questlog://session/${roadId}/transcript` }))).toMatch(
      /Cragmaw Castle/,
    );
  });

  it('answers a GM-only or hidden index entry as a name that is not in the index', async () => {
    const { campaignId, gmOnlyEntry, hiddenEntry } = seeded;
    const absent = await call('recipient', ['get_index_entry', { campaignId, name: 'Nobody Atall' }]);
    expect(absent).toEqual({ isError: true, content: [{ type: 'text', text: 'Index entry not found' }] });
    expect(await call('recipient', ['get_index_entry', { campaignId, name: gmOnlyEntry }])).toEqual(absent);
    expect(await call('recipient', ['get_index_entry', { campaignId, name: hiddenEntry }])).toEqual(absent);
    // Hidden is hidden from the owner's assistant too: the owner asks for hidden entries on the page only.
    expect(await call('owner', ['get_index_entry', { campaignId, name: hiddenEntry }])).toEqual(absent);
  });

  it("answers a stranger's every call on the campaign exactly as the same call on unknown ids", async () => {
    const unknown = { campaignId: randomUUID(), roadId: randomUUID(), townId: randomUUID() };
    const theirs = everyCall(seeded);
    const made = everyCall(unknown);
    for (const [i, c] of theirs.entries()) {
      const result = await call('stranger', c);
      expect({ call: c, result }).toEqual({ call: c, result: await call('stranger', made[i]) });
      if (c[0] !== 'list_campaigns') expect(result.isError).toBe(true);
    }
    for (const kindOf of ['transcript', 'summaries']) {
      const read = (id: string) =>
        clients.stranger!.readResource({ uri: `questlog://session/${id}/${kindOf}` }).then(
          () => 'read',
          (err: Error) => err.message,
        );
      expect(await read(seeded.townId)).toBe(await read(unknown.townId));
      expect(await read(seeded.townId)).toMatch(/Session not found/);
    }
  });
});
