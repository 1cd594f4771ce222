import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';

const SUBSCRIBE = `mutation($email: String!) { subscribeNewsletter(email: $email) }`;

describe('newsletter sign-up', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Every call here comes from 127.0.0.1; the per-IP limit has its own tests below.
    app = await startTestApp({ NEWSLETTER_MAX_PER_IP: '1000' });
  });
  afterAll(() => app.close());

  it('POST /api/subscribe_email/ stores the address lower-cased and thanks the visitor', async () => {
    const res = await new HttpClient(app.url).post('/api/subscribe_email/', { email: '  Bard@Example.com ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Thank you for subscribing!' });
    expect(await countRows(app, 'newsletter_subscribers', 'email = ?', ['bard@example.com'])).toBe(1);
  });

  it('a repeat (any case, either transport, even simultaneous) is not an error and adds no row', async () => {
    const email = 'rogue@example.com';
    const first = await new HttpClient(app.url).post('/api/subscribe_email/', { email });
    const again = await new HttpClient(app.url).post('/api/subscribe_email/', { email: 'ROGUE@example.com' });
    const viaGraphql = await new HttpClient(app.url).gql(SUBSCRIBE, { email });
    const burst = await Promise.all(
      [1, 2, 3].map(() => new HttpClient(app.url).post('/api/subscribe_email/', { email })),
    );
    expect([first, again, ...burst].map((r) => r.body)).toEqual(
      Array(5).fill({ success: true, message: 'Thank you for subscribing!' }),
    );
    expect(viaGraphql.body).toEqual({ data: { subscribeNewsletter: true } });
    expect(await countRows(app, 'newsletter_subscribers', 'email = ?', [email])).toBe(1);
  });

  it.each([
    ['', 'Please enter an email address'],
    ['   ', 'Please enter an email address'],
    [undefined, 'Please enter an email address'],
    ['wizard@', 'Please enter a valid email address'],
    ['no spaces@example.com', 'Please enter a valid email address'],
    [42, 'Email must be a string'],
  ])('REST refuses %j with %s and stores nothing', async (email, error) => {
    const before = await countRows(app, 'newsletter_subscribers');
    const res = await new HttpClient(app.url).post('/api/subscribe_email/', { email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field: 'email' });
    expect(await countRows(app, 'newsletter_subscribers')).toBe(before);
  });

  it('GraphQL subscribeNewsletter is public and gives the same messages', async () => {
    const client = new HttpClient(app.url);
    expect((await client.gql(SUBSCRIBE, { email: 'cleric@example.com' })).body).toEqual({
      data: { subscribeNewsletter: true },
    });
    const blank = await client.gql(SUBSCRIBE, { email: ' ' });
    expect(blank.body.errors?.[0]).toMatchObject({
      message: 'Please enter an email address',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    const invalid = await client.gql(SUBSCRIBE, { email: 'cleric' });
    expect(invalid.body.errors?.[0].message).toBe('Please enter a valid email address');
  });

  it('the REST call needs no cookies and no CSRF token (docs/product.md#rest-endpoints: it needs no credentials)', async () => {
    const res = await fetch(`${app.url}/api/subscribe_email/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'no-cookies@example.com' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'Thank you for subscribing!' });
    expect(await countRows(app, 'newsletter_subscribers', 'email = ?', ['no-cookies@example.com'])).toBe(1);
  });

  it('only that call goes without the CSRF token: other cookie-less writes still need it', async () => {
    const res = await new HttpClient(app.url).post('/api/create_campaign/', { title: 'x' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CSRF_FAILED');
  });
});

describe('newsletter sign-ups per IP', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NEWSLETTER_MAX_PER_IP: '3', NEWSLETTER_WINDOW_SECONDS: '3600', TRUST_PROXY: '1' });
  });
  afterAll(() => app.close());

  const subscribe = (email: string, ip: string) =>
    fetch(`${app.url}/api/subscribe_email/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });

  it('refuses a burst from one address with 429 and stores nothing more; other addresses go on', async () => {
    const burst = await Promise.all([1, 2, 3, 4, 5].map((i) => subscribe(`burst${i}@example.com`, '10.9.0.1')));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({
      error: 'Too many sign-ups from your network. Please try again in 60 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await countRows(app, 'newsletter_subscribers', "email like 'burst%'")).toBe(3);
    expect((await subscribe('elsewhere@example.com', '10.9.0.2')).status).toBe(200);
  });

  it('GraphQL subscribeNewsletter counts against the same allowance', async () => {
    const client = new HttpClient(app.url);
    const viaGraphql = (email: string) =>
      client.gql(SUBSCRIBE, { email }, { headers: { 'x-forwarded-for': '10.9.1.1' } });
    for (const i of [1, 2]) expect((await subscribe(`mixed${i}@example.com`, '10.9.1.1')).status).toBe(200);
    expect((await viaGraphql('mixed3@example.com')).body).toEqual({ data: { subscribeNewsletter: true } });
    const refused = await viaGraphql('mixed4@example.com');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Too many sign-ups from your network. Please try again in 60 minutes.',
      extensions: { code: 'RATE_LIMITED' },
    });
    expect((await subscribe('mixed5@example.com', '10.9.1.1')).status).toBe(429);
  });
});
