import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows, signedUpClient } from '../../../test/accounts';
import { PlanService } from '../plans/plan.service';
import { UsageService } from './usage.service';

describe('usage ledger', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const usage = (now?: Date) =>
    new UsageService(app.orm.em.fork(), new PlanService(app.config), now ? () => now : undefined);

  async function newUser() {
    const signedUp = await signedUpClient(app);
    const rows = await app.orm.em
      .fork()
      .getConnection()
      .execute('select id from users where email = ?', [signedUp.email]);
    return { ...signedUp, id: rows[0].id as string };
  }

  it('30 minutes charged of the Free hour shows in account info (REST and GraphQL)', async () => {
    const user = await newUser();
    expect(await usage().charge(user.id, 1800, randomUUID())).toBe(true);
    const info = await user.client.get('/api/account-info/');
    expect(info.body.usageInfo).toEqual({ upload_limit: 1, used_time: 0.5, remaining_time: 0.5, can_upload: true });
    const me = await user.client.gql(`{ me { usage { uploadLimit usedTime remainingTime canUpload } } }`);
    expect(me.body.data.me.usage).toEqual({ uploadLimit: 1, usedTime: 0.5, remainingTime: 0.5, canUpload: true });
  });

  it('going over the allowance leaves 0 remaining (never negative) and blocks uploads', async () => {
    const user = await newUser();
    await usage().charge(user.id, 3000, randomUUID());
    // Part seconds round up: 3000 + 1201 = 4201 s = 1.166944 h.
    await usage().charge(user.id, 1200.2, randomUUID());
    expect(await usage().summary(user.id)).toEqual({
      uploadLimit: 1,
      usedTime: 1.166944,
      remainingTime: 0,
      canUpload: false,
    });
    expect((await user.client.get('/api/account-info/')).body.usageInfo).toMatchObject({
      remaining_time: 0,
      can_upload: false,
    });
  });

  /** Self-hosted mode: the checkout shim applies the plan at once. */
  const choose = (user: Awaited<ReturnType<typeof newUser>>, planId: string) =>
    user.client.post('/api/create_checkout_session/', { planId, billingCycle: 'monthly', customerEmail: user.email });

  it('a plan with more hours raises the limit at once, keeping what was used this month', async () => {
    const user = await newUser();
    await usage().charge(user.id, 3600, randomUUID());
    await choose(user, 'beginner');
    expect(await usage().summary(user.id)).toEqual({
      uploadLimit: 8,
      usedTime: 1,
      remainingTime: 7,
      canUpload: true,
    });
  });

  it('charging the same session twice is recorded once', async () => {
    const user = await newUser();
    const sessionId = randomUUID();
    expect(await usage().charge(user.id, 600, sessionId)).toBe(true);
    expect(await usage().charge(user.id, 600, sessionId)).toBe(false);
    expect(await countRows(app, 'usage_records', 'session_id = ?', [sessionId])).toBe(1);
    expect((await usage().summary(user.id)).usedTime).toBeCloseTo(600 / 3600, 6);
  });

  it('a refund gives the charge back once; without a charge it does nothing', async () => {
    const user = await newUser();
    const sessionId = randomUUID();
    await usage().charge(user.id, 900, sessionId);
    expect(await usage().refund(sessionId)).toBe(true);
    expect(await usage().refund(sessionId)).toBe(false);
    expect(await usage().refund(randomUUID())).toBe(false);
    expect(await countRows(app, 'usage_records', 'session_id = ?', [sessionId])).toBe(2);
    expect(await usage().summary(user.id)).toEqual({
      uploadLimit: 1,
      usedTime: 0,
      remainingTime: 1,
      canUpload: true,
    });
  });

  it('a new attempt after a refund is charged again (retrySession), and its retries still once', async () => {
    const user = await newUser();
    const sessionId = randomUUID();
    await usage().charge(user.id, 900, sessionId);
    await usage().refund(sessionId);
    expect(await usage().charge(user.id, 900, sessionId)).toBe(true);
    expect(await usage().charge(user.id, 900, sessionId)).toBe(false);
    expect((await usage().summary(user.id)).usedTime).toBeCloseTo(900 / 3600, 6);
    expect(await usage().refund(sessionId)).toBe(true);
    expect((await usage().summary(user.id)).usedTime).toBe(0);
  });

  it('a charge waits for an overlapping attempt of the same session instead of charging twice', async () => {
    const user = await newUser();
    const sessionId = randomUUID();
    // Another attempt, mid-charge: it holds the session's ledger lock with its line not yet committed.
    const other = new pg.Client({ connectionString: app.config.DATABASE_URL });
    await other.connect();
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock(hashtext($1))', [`usage:${sessionId}`]);
    await other.query(
      `insert into usage_records (id, created_at, updated_at, user_id, period, seconds, reason, session_id)
       values (gen_random_uuid(), now(), now(), $1, to_char(now(), 'YYYY-MM'), 300, 'charge', $2)`,
      [user.id, sessionId],
    );
    const charging = usage().charge(user.id, 300, sessionId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await other.query('commit');
    await other.end();
    expect(await charging).toBe(false);
    expect(await countRows(app, 'usage_records', 'session_id = ?', [sessionId])).toBe(1);
  });

  it('counts only the current UTC month; a late refund goes back to the month it was charged in', async () => {
    const user = await newUser();
    const lastMonth = new Date(Date.UTC(2026, 9, 31, 23, 59, 59));
    const thisMonth = new Date(Date.UTC(2026, 10, 1, 0, 0, 1));
    const old = randomUUID();
    await usage(lastMonth).charge(user.id, 3600, old);
    await usage(thisMonth).charge(user.id, 360, randomUUID());
    expect((await usage(thisMonth).summary(user.id)).usedTime).toBe(0.1);
    expect((await usage(lastMonth).summary(user.id)).usedTime).toBe(1);

    await usage(thisMonth).refund(old);
    expect((await usage(thisMonth).summary(user.id)).usedTime).toBe(0.1);
    expect((await usage(lastMonth).summary(user.id)).usedTime).toBe(0);
  });

  it('refuses a charge that is not a positive number of seconds', async () => {
    const user = await newUser();
    for (const seconds of [0, -5, Number.NaN]) {
      await expect(usage().charge(user.id, seconds, randomUUID())).rejects.toThrow(
        'Usage must be a positive number of seconds',
      );
    }
    expect(await countRows(app, 'usage_records', 'user_id = ?', [user.id])).toBe(0);
  });

  it('an account without usage has its whole allowance', async () => {
    const user = await newUser();
    await choose(user, 'pro');
    expect(await usage().summary(user.id)).toEqual({
      uploadLimit: 32,
      usedTime: 0,
      remainingTime: 32,
      canUpload: true,
    });
  });
});
