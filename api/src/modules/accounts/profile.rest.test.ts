import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows, signedUpClient } from '../../../test/accounts';

describe('profile REST shims', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  describe('POST /api/update-field/', () => {
    it.each([
      ['firstName', '  Augusta ', { firstName: 'Augusta' }],
      ['lastName', 'King', { lastName: 'King' }],
      ['preferredName', 'Ada K.', { preferredName: 'Ada K.' }],
      ['preferredName', '   ', { preferredName: null }],
      ['language_code', 'fi', { language_code: 'fi' }],
    ])('sets %s from %j', async (field, value, expected) => {
      const { client } = await signedUpClient(app, { preferred_name: 'Before' });
      const res = await client.post('/api/update-field/', { field, value });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await client.get('/api/account-info/')).body).toMatchObject(expected);
    });

    it('changes the e-mail (normalised), after which login uses the new one', async () => {
      const { client, password } = await signedUpClient(app);
      const email = `renamed.${Date.now()}@example.com`;
      expect(
        (await client.post('/api/update-field/', { field: 'email', value: ` ${email.toUpperCase()}` })).body,
      ).toEqual({ success: true });
      expect((await client.get('/api/account-info/')).body.email).toBe(email);
      expect((await new HttpClient(app.url).post('/api/login/', { email, password })).status).toBe(200);
    });

    it.each([
      [{ field: 'email', value: 'bad@' }, 400, 'Please enter a valid email address', 'email'],
      [{ field: 'language_code', value: 'xx' }, 400, 'Unsupported language code', 'languageCode'],
      [{ field: 'firstName', value: '' }, 400, 'First name is required', 'firstName'],
      [{ field: 'lastName', value: 12 }, 400, 'Last name must be a string', 'lastName'],
      [{ field: 'passwordHash', value: 'x' }, 400, 'Unknown field', 'field'],
      [{ field: 'constructor', value: 'x' }, 400, 'Unknown field', 'field'],
      [{ field: 'languageCode', value: 'fi' }, 400, 'Unknown field', 'field'],
      [{ value: 'x' }, 400, 'Unknown field', 'field'],
    ])('refuses %j', async (payload, status, error, field) => {
      const { client, email } = await signedUpClient(app);
      const before = (await client.get('/api/account-info/')).body;
      const res = await client.post('/api/update-field/', payload);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field });
      expect((await client.get('/api/account-info/')).body).toEqual(before);
      expect(await countRows(app, 'users', 'email = ?', [email])).toBe(1);
    });

    it("refuses another account's e-mail with the contract's message", async () => {
      const other = await signedUpClient(app);
      const { client } = await signedUpClient(app);
      const res = await client.post('/api/update-field/', { field: 'email', value: other.email });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Email already in use by another account', code: 'CONFLICT', field: 'email' });
    });

    it('is 401 when signed out and 403 without the CSRF token', async () => {
      const anonymous = await new HttpClient(app.url).post('/api/update-field/', { field: 'firstName', value: 'X' });
      expect(anonymous.status).toBe(401);
      const { client, email } = await signedUpClient(app);
      const forged = await client.post('/api/update-field/', { field: 'firstName', value: 'Mallory' }, { csrf: false });
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('CSRF_FAILED');
      expect(await countRows(app, 'users', 'email = ? and first_name = ?', [email, 'Mallory'])).toBe(0);
    });
  });

  describe('POST /api/update-password/', () => {
    it('answers with the documented message and the new password works', async () => {
      const { client, email, password } = await signedUpClient(app);
      const res = await client.post('/api/update-password/', {
        currentPassword: password,
        newPassword: 'fresh-pass-5',
        confirmPassword: 'fresh-pass-5',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Password updated successfully.' });
      expect((await client.get('/api/account-info/')).status).toBe(200);
      expect((await new HttpClient(app.url).post('/api/login/', { email, password: 'fresh-pass-5' })).status).toBe(200);
    });

    it.each([
      [{ currentPassword: 'not-it-123' }, 'Current password is incorrect', 'currentPassword'],
      [{ confirmPassword: 'fresh-pass-6' }, 'New passwords do not match.', 'confirmPassword'],
      [
        { newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
        'Password must be at least 8 characters and include a letter and a number.',
        'newPassword',
      ],
      [{ newPassword: undefined }, 'Password is required', 'newPassword'],
    ])('refuses %j with its message', async (overrides, error, field) => {
      const { client, email, password } = await signedUpClient(app);
      const payload = {
        currentPassword: password,
        newPassword: 'fresh-pass-5',
        confirmPassword: 'fresh-pass-5',
        ...overrides,
      };
      const res = await client.post('/api/update-password/', payload);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field });
      expect((await new HttpClient(app.url).post('/api/login/', { email, password })).status).toBe(200);
    });
  });
});
