import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';

const SUBSCRIBE = `mutation($email: String!) { subscribeNewsletter(email: $email) }`;

describe('newsletter sign-up', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
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

  it('the REST call needs the CSRF token like every other POST', async () => {
    const client = new HttpClient(app.url);
    await client.csrfToken();
    const res = await client.post('/api/subscribe_email/', { email: 'forged@example.com' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await countRows(app, 'newsletter_subscribers', 'email = ?', ['forged@example.com'])).toBe(0);
  });
});
