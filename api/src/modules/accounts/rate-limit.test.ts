import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { signedUpClient } from '../../../test/accounts';
import { connectDatabase } from '../../db/orm';
import { startServer } from '../../server';

const LOCKED = 'Too many login attempts. Please try again in 15 minutes.';

/** A browser behind the (trusted) proxy at the given client address. */
function from(app: TestApp, ip: string) {
  const client = new HttpClient(app.url);
  const login = (email: string, password: string) =>
    client.post('/api/login/', { email, password }, { headers: { 'x-forwarded-for': ip } });
  return { client, login };
}

describe('login rate limiting', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '6',
      LOGIN_WINDOW_SECONDS: '900',
      TRUST_PROXY: '1',
    });
  });
  afterAll(() => app.close());

  it('locks an account after its failed attempts, even for the right password and from another IP (in a new browser)', async () => {
    const { email, password } = await signedUpClient(app);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await from(app, ip).login(email, 'wrong-guess-1')).body.error).toBe('Invalid email or password');
    }
    const res = await from(app, '10.0.0.4').login(email, password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: LOCKED, code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('questlog_session='))).toBe(false);
  });

  it('a burst of parallel guesses gets no more tries than the limit', async () => {
    const { email } = await signedUpClient(app);
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(app, `10.0.6.${i + 1}`).login(email, `guess-${i}-x`)),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('counts addresses case-insensitively, and other accounts stay open', async () => {
    const victim = await signedUpClient(app);
    const bystander = await signedUpClient(app);
    for (const variant of [victim.email, victim.email.toUpperCase(), ` ${victim.email}`]) {
      await from(app, '10.0.1.1').login(variant, 'wrong-guess-1');
    }
    expect((await from(app, '10.0.1.2').login(victim.email, victim.password)).status).toBe(429);
    expect((await from(app, '10.0.1.2').login(bystander.email, bystander.password)).status).toBe(200);
  });

  it('a successful login clears the account counter', async () => {
    const { email, password } = await signedUpClient(app);
    const ip = '10.0.2.1';
    await from(app, ip).login(email, 'wrong-guess-1');
    await from(app, ip).login(email, 'wrong-guess-2');
    expect((await from(app, ip).login(email, password)).status).toBe(200);
    await from(app, '10.0.2.2').login(email, 'wrong-guess-3');
    await from(app, '10.0.2.2').login(email, 'wrong-guess-4');
    expect((await from(app, '10.0.2.3').login(email, password)).status).toBe(200);
  });

  it('limits one IP spraying many accounts (unknown e-mails count too); other IPs are unaffected', async () => {
    const target = await signedUpClient(app);
    const ip = '10.0.3.1';
    for (let i = 0; i < 6; i++) {
      expect((await from(app, ip).login(`nobody${i}@example.com`, 'guess-123')).status).toBe(401);
    }
    const blocked = await from(app, ip).login(target.email, target.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(LOCKED);
    expect((await from(app, '10.0.3.2').login(target.email, target.password)).status).toBe(200);
  });

  it('a shared address: after 20+ failed logins against other accounts, a member who signed in there before gets in', async () => {
    const member = await signedUpClient(app);
    const ip = '10.0.7.1';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await from(app, ip).login(`other${i}@example.com`, 'guess-123')).status);
    // Spraying from the address is throttled: 6 failures, then every further try is refused.
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(15).fill(429)]);
    // The member's browser is known (device cookie, kept across sign-outs): its right password passes.
    expect((await member.client.post('/api/logout/')).status).toBe(200);
    member.client.resetCsrf();
    const res = await member.client.post(
      '/api/login/',
      { email: member.email, password: member.password },
      { headers: { 'x-forwarded-for': ip } },
    );
    expect(res.status).toBe(200);
    // A browser that never signed in as the member is still refused there.
    expect((await from(app, ip).login(member.email, member.password)).status).toBe(429);
  });

  it("guessing at one account is still throttled, but never locks out its owner's known browser", async () => {
    const owner = await signedUpClient(app);
    for (const ip of ['10.0.8.1', '10.0.8.2', '10.0.8.3']) {
      expect((await from(app, ip).login(owner.email, 'wrong-guess-1')).status).toBe(401);
    }
    expect((await from(app, '10.0.8.1').login(owner.email, owner.password)).status).toBe(429);
    const res = await owner.client.post(
      '/api/login/',
      { email: owner.email, password: owner.password },
      { headers: { 'x-forwarded-for': '10.0.8.4' } },
    );
    expect(res.status).toBe(200);
    const device = res.headers.getSetCookie().find((c) => c.startsWith('questlog_device='));
    expect(device).toMatch(/HttpOnly/i);
  });

  it('a copied device cookie gives its own allowance and then the account’s, never more (parallel too)', async () => {
    const victim = await signedUpClient(app);
    const stolen = victim.client.cookies.get('questlog_device');
    expect(stolen).toBeTruthy();
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => {
        const thief = from(app, `10.0.9.${i + 1}`);
        thief.client.cookies.set('questlog_device', stolen!);
        return thief.login(victim.email, `guess-${i}-x`);
      }),
    );
    // 3 on the cookie's own counter, then 3 on the account's as an unknown browser.
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('GraphQL login is limited by the same counters, with code RATE_LIMITED', async () => {
    const { email, password } = await signedUpClient(app);
    for (let i = 0; i < 3; i++) await from(app, '10.0.4.1').login(email, 'wrong-guess-1');
    const res = await new HttpClient(app.url).gql(
      `mutation($input: LoginInput!) { login(input: $input) { id } }`,
      { input: { email, password } },
      { headers: { 'x-forwarded-for': '10.0.4.2' } },
    );
    expect(res.body.errors?.[0]).toMatchObject({ message: LOCKED, extensions: { code: 'RATE_LIMITED' } });
  });

  it('guessing the current password on the profile uses up the same allowance as guessing at login', async () => {
    const { client, password } = await signedUpClient(app);
    const change = (currentPassword: string) =>
      client.post('/api/update-password/', {
        currentPassword,
        newPassword: 'next-pass-1',
        confirmPassword: 'next-pass-1',
      });
    for (let i = 0; i < 3; i++) expect((await change(`guess-${i}-x`)).body.error).toBe('Current password is incorrect');
    const locked = await change(password);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe(LOCKED);
  });

  it('is shared by every api instance on the database (counts live in PostgreSQL)', async () => {
    const { email, password } = await signedUpClient(app);
    const otherOrm = await connectDatabase(app.config.DATABASE_URL!, { quiet: true });
    const other = await startServer({ config: app.config, orm: otherOrm, temporal: app.temporal });
    try {
      await from(app, '10.0.5.1').login(email, 'wrong-guess-1');
      await from(app, '10.0.5.1').login(email, 'wrong-guess-2');
      const viaOther = new HttpClient(other.url);
      expect((await viaOther.post('/api/login/', { email, password: 'wrong-guess-3' })).status).toBe(401);
      expect((await from(app, '10.0.5.2').login(email, password)).status).toBe(429);
    } finally {
      await other.close();
      await otherOrm.close();
    }
  });
});

describe('login rate limiting window', () => {
  it('opens again once the window has passed', async () => {
    // Long enough that a slow argon2 on a busy machine cannot end the window between the two attempts.
    const app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '1', LOGIN_WINDOW_SECONDS: '4' });
    try {
      const { email, password } = await signedUpClient(app);
      await new HttpClient(app.url).post('/api/login/', { email, password: 'wrong-guess-1' });
      const locked = await new HttpClient(app.url).post('/api/login/', { email, password });
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe('Too many login attempts. Please try again in 1 minute.');
      const retryAfter = Number(locked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(4);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
      expect((await new HttpClient(app.url).post('/api/login/', { email, password })).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
