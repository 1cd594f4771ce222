import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows, registration, signedUpClient } from '../../../test/accounts';
import { JSON_DEPTH_MESSAGE } from '../../kernel/validation';

describe('account REST shims', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('POST /register/', () => {
    it('creates the account, signs in and answers 201 as documented', async () => {
      const client = new HttpClient(app.url);
      const payload = registration({ email: '  New.Player@Example.COM ', preferred_name: '  Addy ' });
      const res = await client.post('/register/', payload);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ success: true, message: 'Registration successful' });
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('questlog_session='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const info = await client.get('/api/account-info/');
      expect(info.status).toBe(200);
      expect(info.body).toEqual({
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'new.player@example.com',
        preferredName: 'Addy',
        language_code: 'en',
        hasStripeSubscription: false,
        hasValidAccess: false,
        usageInfo: { upload_limit: 1, used_time: 0, remaining_time: 1, can_upload: true },
      });
    });

    it('stores the password as an argon2id hash, never the password', async () => {
      const { email, password } = await signedUpClient(app);
      const rows = await app.orm.em
        .fork()
        .getConnection()
        .execute('select password_hash from users where email = ?', [email]);
      expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
      expect(rows[0].password_hash).not.toContain(password);
    });

    it.each([
      [{ first_name: '   ' }, 'First name is required', 'firstName'],
      [{ first_name: undefined }, 'First name is required', 'firstName'],
      [{ last_name: '' }, 'Last name is required', 'lastName'],
      [{ first_name: 'x'.repeat(101) }, 'First name must be at most 100 characters', 'firstName'],
      [{ email: '' }, 'Please enter an email address', 'email'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
      [
        { password: 'short1', password_confirm: 'short1' },
        'Password must be at least 8 characters and include a letter and a number.',
        'password',
      ],
      [
        { password: 'lettersonly', password_confirm: 'lettersonly' },
        'Password must be at least 8 characters and include a letter and a number.',
        'password',
      ],
      [
        { password: '12345678', password_confirm: '12345678' },
        'Password must be at least 8 characters and include a letter and a number.',
        'password',
      ],
      [
        { password: `a1${'x'.repeat(255)}`, password_confirm: `a1${'x'.repeat(255)}` },
        'Password must be at least 8 characters and include a letter and a number.',
        'password',
      ],
      [{ password_confirm: 'something-else-9' }, 'Passwords do not match', 'passwordConfirm'],
      [{ first_name: 42 }, 'First name must be a string', 'firstName'],
      [{ email: ['a@b.co'] }, 'Email must be a string', 'email'],
    ])('refuses %j with the message %s and writes nothing', async (overrides, error, field) => {
      const before = await countRows(app, 'users');
      const res = await new HttpClient(app.url).post('/register/', registration(overrides));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field });
      expect(await countRows(app, 'users')).toBe(before);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('questlog_session='))).toBe(false);
    });

    it('refuses an e-mail already in use, whatever its case, with CONFLICT', async () => {
      const { email } = await signedUpClient(app);
      const before = await countRows(app, 'users');
      const res = await new HttpClient(app.url).post('/register/', registration({ email: email.toUpperCase() }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Email already in use by another account', code: 'CONFLICT', field: 'email' });
      expect(await countRows(app, 'users')).toBe(before);
    });

    it('lets exactly one of three simultaneous sign-ups with the same e-mail win', async () => {
      const payload = registration();
      const results = await Promise.all([1, 2, 3].map(() => new HttpClient(app.url).post('/register/', payload)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(await countRows(app, 'users', 'email = ?', [payload.email])).toBe(1);
    });

    it('refuses a POST without the CSRF token with 403 and writes nothing', async () => {
      const client = new HttpClient(app.url);
      await client.csrfToken();
      const payload = registration();
      const res = await client.post('/register/', payload, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Invalid or missing CSRF token', code: 'CSRF_FAILED' });
      expect(await countRows(app, 'users', 'email = ?', [payload.email])).toBe(0);
    });
  });

  describe('bad bodies', () => {
    it('answers malformed JSON with 400 and writes nothing', async () => {
      const before = await countRows(app, 'users');
      const res = await new HttpClient(app.url).request('POST', '/register/', {
        body: '{"first_name": "Ada", "email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Malformed JSON body', code: 'BAD_USER_INPUT' });
      expect(await countRows(app, 'users')).toBe(before);
    });

    it.each([
      ['a JSON array', '[1, 2]', 'application/json'],
      ['a form body', 'email=a%40b.co&password=x', 'application/x-www-form-urlencoded'],
      ['no body at all', undefined, undefined],
    ])('refuses %s with 400 and a clear message', async (_name, body, type) => {
      const res = await new HttpClient(app.url).request('POST', '/api/login/', {
        body,
        headers: type ? { 'content-type': type } : {},
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'Expected a JSON object body (Content-Type: application/json)',
        code: 'BAD_USER_INPUT',
      });
    });

    it('refuses a body nested deeper than any shim reads with 400, not a stack overflow', async () => {
      const before = await countRows(app, 'users');
      // 6 kB of brackets: deep enough to overflow a recursive walk of the body.
      const deep = `${'['.repeat(3000)}1${']'.repeat(3000)}`;
      const res = await new HttpClient(app.url).request('POST', '/register/', {
        body: `{"first_name": "Ada", "email": ${deep}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: JSON_DEPTH_MESSAGE, code: 'BAD_USER_INPUT' });
      expect(await countRows(app, 'users')).toBe(before);
    });

    it('answers a write to a path no route serves with the JSON 404 every error has', async () => {
      const res = await new HttpClient(app.url).request('POST', '/dashboard', { body: '{}' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    });

    it('refuses an oversized body with 413 and writes nothing', async () => {
      const before = await countRows(app, 'users');
      const res = await new HttpClient(app.url).post('/register/', registration({ first_name: 'x'.repeat(200_000) }));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
      expect(await countRows(app, 'users')).toBe(before);
    });
  });

  describe('POST /api/login/ and /api/logout/', () => {
    it('signs in with the right password (e-mail in any case) and answers { success: true }', async () => {
      const { email, password } = await signedUpClient(app);
      const client = new HttpClient(app.url);
      const res = await client.post('/api/login/', { email: ` ${email.toUpperCase()} `, password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await client.get('/api/account-info/')).body.email).toBe(email);
    });

    it('gives the same error for a wrong password and an unknown e-mail', async () => {
      const { email } = await signedUpClient(app);
      const wrong = await new HttpClient(app.url).post('/api/login/', { email, password: 'wrong-password-1' });
      const unknown = await new HttpClient(app.url).post('/api/login/', {
        email: 'nobody@example.com',
        password: 'wrong-password-1',
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' });
        expect(res.headers.getSetCookie().some((c) => c.startsWith('questlog_session='))).toBe(false);
      }
    });

    it('names a missing password and an invalid e-mail', async () => {
      const missing = await new HttpClient(app.url).post('/api/login/', { email: 'a@example.com' });
      expect(missing.body).toEqual({ error: 'Password is required', code: 'BAD_USER_INPUT', field: 'password' });
      const invalid = await new HttpClient(app.url).post('/api/login/', { email: 'a@', password: 'x' });
      expect(invalid.body).toEqual({
        error: 'Please enter a valid email address',
        code: 'BAD_USER_INPUT',
        field: 'email',
      });
    });

    it('logout deletes the server-side session, so a copy of the old cookie no longer works', async () => {
      const { client, email } = await signedUpClient(app);
      const oldCookie = client.cookies.get('questlog_session')!;
      const sessionsBefore = await countRows(
        app,
        'login_sessions',
        'user_id = (select id from users where email = ?)',
        [email],
      );
      expect(sessionsBefore).toBe(1);

      const res = await client.post('/api/logout/');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(client.cookies.has('questlog_session')).toBe(false);
      expect(await countRows(app, 'login_sessions', 'user_id = (select id from users where email = ?)', [email])).toBe(
        0,
      );

      const replay = new HttpClient(app.url);
      replay.cookies.set('questlog_session', oldCookie);
      const info = await replay.get('/api/account-info/');
      expect(info.status).toBe(401);
      expect(info.body.code).toBe('UNAUTHENTICATED');
    });

    it('signing in again over an existing session retires the old one', async () => {
      const { client, email, password } = await signedUpClient(app);
      const first = client.cookies.get('questlog_session');
      await client.post('/api/login/', { email, password });
      expect(client.cookies.get('questlog_session')).not.toBe(first);
      expect(await countRows(app, 'login_sessions', 'user_id = (select id from users where email = ?)', [email])).toBe(
        1,
      );
    });
  });

  describe('GET /api/account-info/', () => {
    it('is 401 with an error when signed out', async () => {
      const res = await new HttpClient(app.url).get('/api/account-info/');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
    });
  });
});
