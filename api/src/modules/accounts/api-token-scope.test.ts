import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { signedUpClient } from '../../../test/accounts';

// Issue 29: a token may be limited to reading (an assistant's); it reads what its user may read and
// every write, GraphQL or REST, is refused. Tokens are full unless asked otherwise.

const CREATE = `mutation($name: String!, $scope: ApiTokenScope) {
  createApiToken(name: $name, scope: $scope) { secret token { id scope } }
}`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function token(client: HttpClient, scope?: string) {
  const res = await client.gql(CREATE, { name: 'assistant', scope });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.createApiToken as { secret: string; token: { id: string; scope: string } };
}

const bearer = (secret: string) => Object.assign(new HttpClient(app.url), { bearer: secret });

it('makes full tokens unless read is asked for, and lists the scope', async () => {
  const { client } = await signedUpClient(app);
  expect((await token(client)).token.scope).toBe('FULL');
  expect((await token(client, 'READ')).token.scope).toBe('READ');
  const listed = (await client.gql('{ apiTokens { scope } }')).body.data.apiTokens;
  expect(listed).toEqual([{ scope: 'READ' }, { scope: 'FULL' }]);
  const bad = await client.gql(CREATE, { name: 'x', scope: 'ADMIN' });
  expect(bad.body.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
});

it('lets a read token read and refuses its every write, over GraphQL and REST', async () => {
  const { client, email } = await signedUpClient(app);
  const reader = bearer((await token(client, 'READ')).secret);
  expect((await reader.gql('{ me { email } }')).body).toEqual({ data: { me: { email } } });
  const mutation = await reader.gql('mutation { createCampaign(title: "Nope") { id } }');
  expect(mutation.status).toBe(403);
  expect(mutation.body.errors?.[0]).toMatchObject({
    message: 'This API token may only read',
    extensions: { code: 'FORBIDDEN' },
  });
  const rest = await reader.post('/api/create_campaign/', { campaign_name: 'Nope' });
  expect(rest.status).toBe(403);
  expect(JSON.stringify(rest.body)).toContain('This API token may only read');
  expect((await client.gql('{ campaigns { id } }')).body.data.campaigns).toEqual([]);
});

it('lets a full token write, as tokens made before scopes still do', async () => {
  const { client } = await signedUpClient(app);
  const writer = bearer((await token(client, 'FULL')).secret);
  const res = await writer.gql('mutation { createCampaign(title: "Yes") { title } }');
  expect(res.body).toEqual({ data: { createCampaign: { title: 'Yes' } } });
  const rest = await writer.post('/api/create_campaign/', { campaign_name: 'Also' });
  expect(rest.status).toBe(201);
});

it("refuses a read token's mutation over the WebSocket too, and still answers its queries there", async () => {
  const { client } = await signedUpClient(app);
  const ws = createClient({
    url: `${app.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${(await token(client, 'READ')).secret}` },
    retryAttempts: 0,
  });
  const run = (query: string) =>
    new Promise<unknown>((resolve, reject) => {
      let result: unknown;
      ws.subscribe({ query }, { next: (r) => (result = r), error: reject, complete: () => resolve(result) });
    });
  expect(await run('mutation { createCampaign(title: "Nope") { id } }')).toEqual({
    errors: [expect.objectContaining({ message: 'This API token may only read', extensions: { code: 'FORBIDDEN' } })],
  });
  expect(await run('{ campaigns { id } }')).toEqual({ data: { campaigns: [] } });
  await ws.dispose();
});
