import { startTestApp, type TestApp } from '../../test/app';
import { signedUpClient } from '../../test/accounts';
import { spawnEntry } from '../../test/entry-process';
import { mcpClient } from '../../test/mcp-clients';
import { JSON_DEPTH_MESSAGE } from '../kernel/validation';
import { MCP_BATCH_MAX } from './http-endpoint';

// Issue 29: /mcp takes personal API tokens only (read or full), refuses everything else the same
// way, and the stdio command says what is missing instead of starting half-configured.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

const post = (headers: Record<string, string>) =>
  fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(INITIALIZE),
  });

async function tokenOf(scope: 'READ' | 'FULL') {
  const { client } = await signedUpClient(app);
  const res = await client.gql('mutation($s: ApiTokenScope) { createApiToken(name: "a", scope: $s) { secret } }', {
    s: scope,
  });
  return { client, secret: res.body.data.createApiToken.secret as string };
}

it('accepts read and full tokens', async () => {
  for (const scope of ['READ', 'FULL'] as const) {
    const client = await mcpClient('streamable-http', app.url, (await tokenOf(scope)).secret);
    expect(client.getServerVersion()).toEqual({ name: 'questlog', version: '1.0.0' });
    expect((await client.callTool({ name: 'list_campaigns', arguments: {} })).structuredContent).toEqual({
      campaigns: [],
    });
    await client.close();
  }
});

it('refuses a request without a token, with a session cookie only, or with an unknown token', async () => {
  const none = await post({});
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  const { client } = await tokenOf('READ');
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  expect((await post({ cookie })).status).toBe(401);
  const unknown = await post({ authorization: 'Bearer qlt_not-a-token' });
  expect(unknown.status).toBe(401);
  expect(await unknown.text()).not.toMatch(/at .*\.ts:\d+/);
});

it('answers GET with 405: there is no stream to open without sessions', async () => {
  const { secret } = await tokenOf('READ');
  const res = await fetch(`${app.url}/mcp`, {
    headers: { authorization: `Bearer ${secret}`, accept: 'text/event-stream' },
  });
  expect(res.status).toBe(405);
  expect(res.headers.get('allow')).toBe('POST');
});

it('refuses a batch of more messages than one request may carry, as GraphQL caps aliases', async () => {
  const { secret } = await tokenOf('READ');
  const call = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'list_campaigns', arguments: {} },
  });
  const send = (count: number) =>
    fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(Array.from({ length: count }, (_, i) => call(i + 1))),
    });
  const over = await send(MCP_BATCH_MAX + 1);
  expect(over.status).toBe(400);
  expect(((await over.json()) as any).error.message).toBe(`Too many messages in one request (max ${MCP_BATCH_MAX})`);
  const within = await send(MCP_BATCH_MAX);
  expect(within.status).toBe(200);
  expect(await within.json()).toHaveLength(MCP_BATCH_MAX);
});

it('refuses arguments nested deeper than any tool reads, as the REST shims do', async () => {
  const { secret } = await tokenOf('READ');
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    // 6 kB of brackets: deep enough to overflow a recursive walk of the message.
    body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_campaigns","arguments":{"x":${'['.repeat(3000)}1${']'.repeat(3000)}}}}`,
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as any).error.message).toBe(JSON_DEPTH_MESSAGE);
});

it("passes the api's refusal of an unknown token on to a stdio client", async () => {
  await expect(mcpClient('stdio', app.url, 'qlt_unknown')).rejects.toThrow(/Invalid API token/);
});

it('stops the stdio command with what is missing when QUESTLOG_URL or QUESTLOG_TOKEN is not set', async () => {
  const proc = spawnEntry('api/src/mcp.ts', { QUESTLOG_URL: 'not a url' });
  expect(await proc.exited).toBe(1);
  expect(proc.output()).toMatch(/QUESTLOG_URL must be the http\(s\) address of Questlog/);
  expect(proc.output()).toMatch(/QUESTLOG_TOKEN is required/);
});
