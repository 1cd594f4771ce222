import { createHash } from 'node:crypto';
import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows, signedUpClient } from '../../../test/accounts';

const CREATE = `mutation($name: String!) { createApiToken(name: $name) { secret token { id name prefix createdAt lastUsedAt } } }`;
const LIST = `{ apiTokens { id name prefix createdAt lastUsedAt } }`;
const REVOKE = `mutation($id: ID!) { revokeApiToken(id: $id) }`;

describe('personal API tokens', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  async function tokenFor(client: HttpClient, name = 'Foundry VTT') {
    const res = await client.gql(CREATE, { name });
    expect(res.body.errors).toBeUndefined();
    return res.body.data.createApiToken as {
      secret: string;
      token: { id: string; name: string; prefix: string; lastUsedAt: string | null };
    };
  }

  const bearer = (secret: string) => {
    const client = new HttpClient(app.url);
    client.bearer = secret;
    return client;
  };

  it('returns the secret once and stores only its SHA-256', async () => {
    const { client } = await signedUpClient(app);
    const { secret, token } = await tokenFor(client, '  Foundry VTT ');
    expect(secret).toMatch(/^qlt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Foundry VTT', prefix: secret.slice(0, 10), lastUsedAt: null });
    const rows = await app.orm.em.fork().getConnection().execute('select * from api_tokens where id = ?', [token.id]);
    expect(rows[0].secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows[0])).not.toContain(secret);
    const listed = (await client.gql(LIST)).body.data.apiTokens;
    expect(listed).toEqual([expect.objectContaining({ id: token.id, name: 'Foundry VTT' })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('lists only the caller’s own tokens, newest first', async () => {
    const alice = await signedUpClient(app);
    const bob = await signedUpClient(app);
    const a1 = await tokenFor(alice.client, 'first');
    const a2 = await tokenFor(alice.client, 'second');
    await tokenFor(bob.client, 'bob’s');
    const ids = (await alice.client.gql(LIST)).body.data.apiTokens.map((t: { id: string }) => t.id);
    expect(ids).toEqual([a2.token.id, a1.token.id]);
  });

  it('lets a third-party client query me with Authorization: Bearer and records the use', async () => {
    const { client, email } = await signedUpClient(app);
    const { secret, token } = await tokenFor(client);
    const res = await bearer(secret).gql(`{ me { email } }`);
    expect(res.body).toEqual({ data: { me: { email } } });
    const [listed] = (await client.gql(LIST)).body.data.apiTokens;
    expect(listed.id).toBe(token.id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('needs no CSRF token for bearer requests, GraphQL or REST', async () => {
    const { client, email } = await signedUpClient(app);
    const { secret } = await tokenFor(client);
    const gql = await bearer(secret).gql(
      `mutation { updateAccountField(input: { field: FIRST_NAME, value: "Bot" }) { firstName } }`,
      undefined,
      { csrf: false },
    );
    expect(gql.status).toBe(200);
    expect(gql.body.data.updateAccountField.firstName).toBe('Bot');
    const rest = await bearer(secret).post(
      '/api/update-field/',
      { field: 'lastName', value: 'Script' },
      { csrf: false },
    );
    expect(rest.body).toEqual({ success: true });
    expect(
      await countRows(app, 'users', 'email = ? and first_name = ? and last_name = ?', [email, 'Bot', 'Script']),
    ).toBe(1);
  });

  it('a revoked token is refused with 401', async () => {
    const { client } = await signedUpClient(app);
    const { secret, token } = await tokenFor(client);
    expect((await client.gql(REVOKE, { id: token.id })).body).toEqual({ data: { revokeApiToken: true } });
    const res = await bearer(secret).gql(`{ me { email } }`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid API token', code: 'UNAUTHENTICATED' });
    expect((await client.gql(LIST)).body.data.apiTokens).toEqual([]);
  });

  it('someone else’s token id gives NOT_FOUND, exactly like an id that does not exist, and the token lives on', async () => {
    const owner = await signedUpClient(app);
    const intruder = await signedUpClient(app);
    const { secret, token } = await tokenFor(owner.client);
    const theirs = await intruder.client.gql(REVOKE, { id: token.id });
    const missing = await intruder.client.gql(REVOKE, { id: '00000000-0000-4000-8000-000000000000' });
    const garbage = await intruder.client.gql(REVOKE, { id: 'not-a-uuid' });
    for (const res of [theirs, missing, garbage]) {
      expect(res.body.errors).toEqual([
        expect.objectContaining({ message: 'API token not found', extensions: { code: 'NOT_FOUND' } }),
      ]);
    }
    expect((await bearer(secret).gql(`{ me { email } }`)).body.data.me.email).toBe(owner.email);
  });

  it('refuses a blank name and signed-out callers', async () => {
    const { client } = await signedUpClient(app);
    const blank = await client.gql(CREATE, { name: '   ' });
    expect(blank.body.errors?.[0]).toMatchObject({
      message: 'Token name is required',
      extensions: { code: 'BAD_USER_INPUT', field: 'name' },
    });
    const before = await countRows(app, 'api_tokens');
    const anonymous = new HttpClient(app.url);
    expect((await anonymous.gql(CREATE, { name: 'x' })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await anonymous.gql(LIST)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await countRows(app, 'api_tokens')).toBe(before);
  });

  it('refuses a bearer header that is not one of our tokens', async () => {
    const res = await bearer('qlt_made-up').get('/api/account-info/');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Invalid API token');
  });
});
