import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { freePort } from '../../../test/free-port';
import { countRows, firstError, signedUpClient } from '../../../test/accounts';
import { linkIn, mailsTo, waitForMails, type CaughtMail } from '../../../test/mailpit';
import { sha256 } from './auth.service';
import { RESET_MESSAGES } from './password-reset.schemas';

const RESET = `mutation($token: String!, $password: String!, $passwordConfirm: String!) {
  resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm) }`;
const REQUEST = `mutation($email: String!) { requestPasswordReset(email: $email) }`;
const NEW_PASSWORD = 'new-quest-77';

async function waitFor(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('password reset', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({
      PUBLIC_URL: 'https://questlog.example/',
      MAIL_FROM: 'Questlog <no-reply@questlog.example>',
      LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3',
      LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
    });
  });
  afterAll(() => app.close());

  const anon = () => new HttpClient(app.url);
  const tokenOf = (mail: CaughtMail) => linkIn(mail).searchParams.get('token')!;
  const reset = (token: string, password = NEW_PASSWORD, passwordConfirm = password) =>
    anon().gql(RESET, { token, password, passwordConfirm });
  const login = (email: string, password: string) => anon().post('/api/login/', { email, password });
  const me = async (client: HttpClient) => (await client.gql('{ me { id } }')).body.data?.me ?? null;

  it('mails a single-use link that sets the new password and ends every session and API token', async () => {
    const user = await signedUpClient(app);
    const laptop = new HttpClient(app.url);
    expect((await laptop.post('/api/login/', { email: user.email, password: user.password })).status).toBe(200);
    const created = await user.client.gql(`mutation { createApiToken(name: "Foundry") { secret } }`);
    const script = new HttpClient(app.url);
    script.bearer = created.body.data.createApiToken.secret;
    expect(await me(script)).not.toBeNull();

    // Asked twice: two links, both outstanding.
    for (const client of [anon(), anon()]) {
      const res = await client.post('/api/request-password-reset/', { email: user.email.toUpperCase() });
      expect(res.body).toEqual({ success: true, message: RESET_MESSAGES.requested });
    }
    const [first, second] = await waitForMails(user.email, 2);
    expect(second).toMatchObject({ from: 'no-reply@questlog.example', subject: 'Reset your Questlog password' });
    expect(second.text).toContain('Hello Ada,');
    const link = linkIn(second);
    expect(`${link.origin}${link.pathname}`).toBe('https://questlog.example/reset-password');
    const token = tokenOf(second);
    const stored = await app.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ token_hash: string }>>('select token_hash from password_resets order by created_at');
    expect(stored.map((r) => r.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await reset(token)).body).toEqual({ data: { resetPassword: true } });

    expect(await me(user.client)).toBeNull();
    expect(await me(laptop)).toBeNull();
    expect(await me(script)).toBeNull();
    const [{ id }] = await app.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ id: string }>>('select id from users where email = ?', [user.email]);
    for (const table of ['login_sessions', 'api_tokens', 'password_resets']) {
      expect(await countRows(app, table, 'user_id = ?', [id])).toBe(0);
    }
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);

    // The used link, and the other one mailed before it, are dead.
    for (const dead of [token, tokenOf(first)]) {
      expect(firstError(await reset(dead, 'another-pass-9'))).toEqual({
        message: RESET_MESSAGES.invalidLink,
        code: 'BAD_USER_INPUT',
        field: 'token',
      });
    }
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('says in the mail that API and MCP tokens go too, and records that they went until a new one is made', async () => {
    const revokedAt = async (client: HttpClient) =>
      (await client.gql('{ me { apiTokensRevokedAt } }')).body.data.me.apiTokensRevokedAt as string | null;
    const withToken = await signedUpClient(app);
    await withToken.client.gql(`mutation { createApiToken(name: "Assistant", scope: READ) { secret } }`);
    const without = await signedUpClient(app);
    for (const user of [withToken, without]) await anon().post('/api/request-password-reset/', { email: user.email });
    const [mail] = await waitForMails(withToken.email, 1);
    expect(mail.text.replace(/\s+/g, ' ')).toContain('revokes every API and MCP token of your account');
    const [otherMail] = await waitForMails(without.email, 1);
    for (const [user, link] of [
      [withToken, mail],
      [without, otherMail],
    ] as const) {
      expect((await reset(tokenOf(link))).body).toEqual({ data: { resetPassword: true } });
      expect((await user.client.post('/api/login/', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
      user.client.resetCsrf();
    }

    const when = await revokedAt(withToken.client);
    expect(when).not.toBeNull();
    expect(Number.isNaN(Date.parse(when!))).toBe(false);
    // No token went, so there is nothing to explain.
    expect(await revokedAt(without.client)).toBeNull();
    await withToken.client.gql(`mutation { createApiToken(name: "Fresh") { secret } }`);
    expect(await revokedAt(withToken.client)).toBeNull();
  });

  it('lets one of two uses of a link at the same moment through, never both', async () => {
    const user = await signedUpClient(app);
    await anon().gql(REQUEST, { email: user.email });
    const token = tokenOf((await waitForMails(user.email))[0]);
    const [a, b] = await Promise.all([reset(token, 'first-choice-1'), reset(token, 'second-choice-2')]);
    const won = [a, b].filter((r) => r.body.data?.resetPassword === true);
    expect(won).toHaveLength(1);
    expect(firstError(won[0] === a ? b : a)?.message).toBe(RESET_MESSAGES.invalidLink);
    const winner = won[0] === a ? 'first-choice-1' : 'second-choice-2';
    expect((await login(user.email, winner)).status).toBe(200);
  });

  it('keeps the link when setting the password fails part way: the claim and the changes commit together', async () => {
    const user = await signedUpClient(app);
    await anon().gql(REQUEST, { email: user.email });
    const token = tokenOf((await waitForMails(user.email))[0]);
    const sql = (text: string) => app.orm.em.fork().getConnection().execute(text);
    // The database refuses the password write after the link has been claimed in the same transaction.
    await sql(`create function refuse_password() returns trigger language plpgsql as
      $$ begin raise exception 'password writes refused'; end $$`);
    await sql(`create trigger refuse_password before update of password_hash on users
      for each row execute function refuse_password()`);
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(firstError(await reset(token))?.code).toBe('INTERNAL');
    } finally {
      log.mockRestore();
      await sql('drop trigger refuse_password on users');
      await sql('drop function refuse_password()');
    }
    expect(await me(user.client)).not.toBeNull();
    expect((await reset(token)).body.data).toEqual({ resetPassword: true });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('clears the failed sign-ins that locked the account out of new browsers', async () => {
    const user = await signedUpClient(app);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-guess-1')).status).toBe(401);
    expect((await login(user.email, 'wrong-guess-1')).status).toBe(429);
    await anon().gql(REQUEST, { email: user.email });
    expect((await reset(tokenOf((await waitForMails(user.email))[0]))).body.data).toEqual({ resetPassword: true });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link with the same message, and the password stays', async () => {
    const user = await signedUpClient(app);
    await anon().gql(REQUEST, { email: user.email });
    const [mail] = await waitForMails(user.email);
    await app.orm.em
      .fork()
      .getConnection()
      .execute(`update password_resets set expires_at = now() - interval '1 second' where token_hash = ?`, [
        sha256(tokenOf(mail)),
      ]);
    expect(firstError(await reset(tokenOf(mail)))?.message).toBe(RESET_MESSAGES.invalidLink);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(401);
    expect(await me(user.client)).not.toBeNull();
  });

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const user = await signedUpClient(app);
    const unknown = `nobody.${Date.now()}@example.com`;
    const answers = [];
    for (const email of [unknown, user.email]) {
      const res = await anon().post('/api/request-password-reset/', { email });
      answers.push({ status: res.status, body: res.body });
      const gql = await anon().gql(REQUEST, { email });
      answers.push({ status: gql.status, body: gql.body });
    }
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[3]).toEqual(answers[1]);
    // The unknown address was asked for first; by the time the known one has both mails it would have one too.
    await waitForMails(user.email, 2);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('keeps the link when the new password breaks the sign-up rules or its confirmation', async () => {
    const user = await signedUpClient(app);
    await anon().gql(REQUEST, { email: user.email });
    const token = tokenOf((await waitForMails(user.email))[0]);
    expect(firstError(await reset(token, 'short1'))?.field).toBe('password');
    expect(firstError(await reset(token, NEW_PASSWORD, 'something-else-1'))).toMatchObject({
      message: 'Passwords do not match',
      field: 'passwordConfirm',
    });
    const rest = await anon().post('/api/reset-password/', {
      token,
      password: NEW_PASSWORD,
      password_confirm: NEW_PASSWORD,
    });
    expect(rest.body).toEqual({ success: true, message: RESET_MESSAGES.done });
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('limits requests per address like sign-in, alike for addresses with and without an account', async () => {
    const user = await signedUpClient(app);
    const unknown = `nobody.limited.${Date.now()}@example.com`;
    for (const email of [user.email, unknown]) {
      for (let i = 0; i < 3; i++) {
        expect((await anon().post('/api/request-password-reset/', { email })).status).toBe(200);
      }
      const refused = await anon().post('/api/request-password-reset/', { email });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringContaining('password reset') });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    await waitForMails(user.email, 3);
    // A refused request sends nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('answers the same when the mail server refuses, and logs that the link was not sent', async () => {
    const noMail = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const user = await signedUpClient(noMail);
      const res = await new HttpClient(noMail.url).post('/api/request-password-reset/', { email: user.email });
      expect(res.body).toEqual({ success: true, message: RESET_MESSAGES.requested });
      await waitFor(() => log.mock.calls.length > 0);
      expect(String(log.mock.calls[0][0])).toMatch(/^password reset: the link was not sent \(.*ECONNREFUSED/);
      expect(JSON.stringify(log.mock.calls)).not.toContain(user.email);
    } finally {
      log.mockRestore();
      await noMail.close();
    }
  });

  it('limits failed uses of links per IP like sign-in', async () => {
    const limited = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_IP: '2' });
    try {
      const client = new HttpClient(limited.url);
      const guess = (token: string) =>
        client.post('/api/reset-password/', { token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD });
      expect((await guess('made-up-1')).status).toBe(400);
      expect((await guess('made-up-2')).status).toBe(400);
      const refused = await guess('made-up-3');
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
