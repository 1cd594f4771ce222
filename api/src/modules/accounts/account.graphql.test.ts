import { HttpClient } from '../../../test/http-client';
import { startTestApp, type TestApp } from '../../../test/app';
import { countRows, firstError, signedUpClient } from '../../../test/accounts';
import { LANGUAGES } from './languages';

const ACCOUNT = `id firstName lastName email preferredName languageCode billingCycle hasStripeSubscription hasValidAccess billingMode
  plan { id name audioHours } usage { uploadLimit usedTime remainingTime canUpload }`;
const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { ${ACCOUNT} } }`;
const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { email } }`;
const UPDATE = `mutation($input: UpdateAccountFieldInput!) { updateAccountField(input: $input) { ${ACCOUNT} } }`;
const CHANGE_PASSWORD = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) }`;
const ME = `{ me { ${ACCOUNT} } }`;

let seq = 0;
const registerInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Gary',
  lastName: 'Gygax',
  email: `gm${++seq}.${Date.now()}@example.com`,
  password: 'owlbear-42',
  passwordConfirm: 'owlbear-42',
  ...overrides,
});

describe('account GraphQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('me is null (not an error) when signed out; languages are the 20 of the spec in order', async () => {
    const res = await new HttpClient(app.url).gql(`{ me { id } languages { code label } }`);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.me).toBeNull();
    expect(res.body.data.languages).toHaveLength(20);
    expect(res.body.data.languages[0]).toEqual({ code: 'en', label: 'Global English' });
    expect(res.body.data.languages.map((l: { code: string }) => l.code)).toEqual(LANGUAGES.map((l) => l.code));
    expect(res.body.data.languages[19]).toEqual({ code: 'vi', label: 'Vietnamese' });
  });

  it('register signs in and returns the whole account', async () => {
    const client = new HttpClient(app.url);
    const input = registerInput({ preferredName: '   ' });
    const res = await client.gql(REGISTER, { input });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.register).toMatchObject({
      firstName: 'Gary',
      email: input.email,
      preferredName: null,
      languageCode: 'en',
      billingCycle: null,
      hasStripeSubscription: false,
      hasValidAccess: false,
      billingMode: 'self-hosted',
      plan: { id: 'free', name: 'Free / Viewer', audioHours: 1 },
      usage: { uploadLimit: 1, usedTime: 0, remainingTime: 1, canUpload: true },
    });
    client.resetCsrf();
    expect((await client.gql(ME)).body.data.me.email).toBe(input.email);
  });

  it('register refuses a taken e-mail with CONFLICT on field email', async () => {
    const { email } = await signedUpClient(app);
    const res = await new HttpClient(app.url).gql(REGISTER, { input: registerInput({ email }) });
    expect(firstError(res)).toEqual({
      message: 'Email already in use by another account',
      code: 'CONFLICT',
      field: 'email',
    });
    expect(res.body.data).toBeNull();
  });

  it('register validates like the REST shim, with the same messages', async () => {
    const res = await new HttpClient(app.url).gql(REGISTER, {
      input: registerInput({ passwordConfirm: 'owlbear-43' }),
    });
    expect(firstError(res)).toEqual({
      message: 'Passwords do not match',
      code: 'BAD_USER_INPUT',
      field: 'passwordConfirm',
    });
    const wrongType = await new HttpClient(app.url).gql(REGISTER, { input: registerInput({ firstName: 7 }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.[0].message).toMatch(/String cannot represent a non string value/);
  });

  it('login returns the account; a wrong password gives the contract text and code UNAUTHENTICATED', async () => {
    const { email, password } = await signedUpClient(app);
    const bad = await new HttpClient(app.url).gql(LOGIN, { input: { email, password: 'nope-nope-1' } });
    expect(firstError(bad)).toEqual({
      message: 'Invalid email or password',
      code: 'UNAUTHENTICATED',
      field: undefined,
    });
    const client = new HttpClient(app.url);
    const good = await client.gql(LOGIN, { input: { email, password } });
    expect(good.body.data.login.email).toBe(email);
    expect(client.cookies.has('questlog_session')).toBe(true);
  });

  it('logout deletes the server-side session and clears the cookie', async () => {
    const { client, email } = await signedUpClient(app);
    const where = ['user_id = (select id from users where email = ?)', [email]] as const;
    expect(await countRows(app, 'login_sessions', ...where)).toBe(1);
    const res = await client.gql(`mutation { logout }`);
    expect(res.body.data.logout).toBe(true);
    expect(await countRows(app, 'login_sessions', ...where)).toBe(0);
    expect(client.cookies.has('questlog_session')).toBe(false);
    expect((await client.gql(`{ me { id } }`)).body.data.me).toBeNull();
  });

  it('malformed and oversized request bodies get a 4xx with a clear message and write nothing', async () => {
    const before = await countRows(app, 'users');
    const malformed = await new HttpClient(app.url).request('POST', '/graphql', {
      body: '{"query": "mutation { logout }"',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Malformed JSON body', code: 'BAD_USER_INPUT' });
    const huge = await new HttpClient(app.url).gql(REGISTER, {
      input: registerInput({ lastName: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: 'Request body too large', code: 'PAYLOAD_TOO_LARGE' });
    const missing = await new HttpClient(app.url).gql(REGISTER, { input: { email: 'half@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0].message).toMatch(/Field "firstName" of required type "String!" was not provided/);
    expect(await countRows(app, 'users')).toBe(before);
  });

  it('a cookie-authenticated mutation without X-CSRFToken is refused with 403 CSRF_FAILED', async () => {
    const { client, email } = await signedUpClient(app);
    const res = await client.gql(UPDATE, { input: { field: 'FIRST_NAME', value: 'Mallory' } }, { csrf: false });
    expect(res.status).toBe(403);
    expect(firstError(res)?.code).toBe('CSRF_FAILED');
    expect(await countRows(app, 'users', 'email = ? and first_name = ?', [email, 'Mallory'])).toBe(0);
  });

  describe('updateAccountField', () => {
    it('changes one field at a time, trimming and normalising', async () => {
      const { client } = await signedUpClient(app);
      const set = async (field: string, value: string) => (await client.gql(UPDATE, { input: { field, value } })).body;
      expect((await set('FIRST_NAME', '  Dave ')).data.updateAccountField.firstName).toBe('Dave');
      expect((await set('LAST_NAME', 'Arneson')).data.updateAccountField.lastName).toBe('Arneson');
      expect((await set('PREFERRED_NAME', 'DA')).data.updateAccountField.preferredName).toBe('DA');
      expect((await set('PREFERRED_NAME', '  ')).data.updateAccountField.preferredName).toBeNull();
      expect((await set('LANGUAGE_CODE', 'en_uk')).data.updateAccountField.languageCode).toBe('en_uk');
      const email = `Moved.${Date.now()}@Example.com`;
      expect((await set('EMAIL', email)).data.updateAccountField.email).toBe(email.toLowerCase());
      const me = (await client.gql(ME)).body.data.me;
      expect(me).toMatchObject({
        firstName: 'Dave',
        lastName: 'Arneson',
        preferredName: null,
        languageCode: 'en_uk',
        email: email.toLowerCase(),
      });
    });

    it.each([
      ['FIRST_NAME', ' ', 'First name is required', 'firstName'],
      ['LAST_NAME', '', 'Last name is required', 'lastName'],
      ['EMAIL', 'nope', 'Please enter a valid email address', 'email'],
      ['LANGUAGE_CODE', 'klingon', 'Unsupported language code', 'languageCode'],
    ])('%s = %j is refused with %s and nothing changes', async (field, value, message, errField) => {
      const { client } = await signedUpClient(app);
      const before = (await client.gql(ME)).body.data.me;
      const res = await client.gql(UPDATE, { input: { field, value } });
      expect(firstError(res)).toEqual({ message, code: 'BAD_USER_INPUT', field: errField });
      expect((await client.gql(ME)).body.data.me).toEqual(before);
    });

    it("refuses another account's e-mail with CONFLICT; keeping one's own e-mail is fine", async () => {
      const other = await signedUpClient(app);
      const { client, email } = await signedUpClient(app);
      const taken = await client.gql(UPDATE, { input: { field: 'EMAIL', value: other.email } });
      expect(firstError(taken)).toEqual({
        message: 'Email already in use by another account',
        code: 'CONFLICT',
        field: 'email',
      });
      const same = await client.gql(UPDATE, { input: { field: 'EMAIL', value: email.toUpperCase() } });
      expect(same.body.data.updateAccountField.email).toBe(email);
    });

    it('needs a signed-in user', async () => {
      const res = await new HttpClient(app.url).gql(UPDATE, { input: { field: 'FIRST_NAME', value: 'X' } });
      expect(firstError(res)).toEqual({
        message: 'Please sign in to continue',
        code: 'UNAUTHENTICATED',
        field: undefined,
      });
    });
  });

  describe('changePassword', () => {
    it('replaces the password and signs out the other sessions only', async () => {
      const { client, email, password } = await signedUpClient(app);
      const other = new HttpClient(app.url);
      await other.post('/api/login/', { email, password });
      expect((await other.get('/api/account-info/')).status).toBe(200);

      const res = await client.gql(CHANGE_PASSWORD, {
        input: { currentPassword: password, newPassword: 'new-pass-77', confirmPassword: 'new-pass-77' },
      });
      expect(res.body).toEqual({ data: { changePassword: true } });
      expect((await other.get('/api/account-info/')).status).toBe(401);
      expect((await client.gql(ME)).body.data.me.email).toBe(email);

      const oldLogin = await new HttpClient(app.url).post('/api/login/', { email, password });
      expect(oldLogin.body.error).toBe('Invalid email or password');
      expect((await new HttpClient(app.url).post('/api/login/', { email, password: 'new-pass-77' })).status).toBe(200);
    });

    it.each([
      [{ currentPassword: 'wrong-one-1' }, 'Current password is incorrect', 'currentPassword'],
      [{ confirmPassword: 'different-9' }, 'New passwords do not match.', 'confirmPassword'],
      [
        { newPassword: 'short', confirmPassword: 'short' },
        'Password must be at least 8 characters and include a letter and a number.',
        'newPassword',
      ],
      [{ currentPassword: '' }, 'Current password is required', 'currentPassword'],
    ])('refuses %j with %s and keeps the old password', async (overrides, message, field) => {
      const { client, email, password } = await signedUpClient(app);
      const input = {
        currentPassword: password,
        newPassword: 'new-pass-77',
        confirmPassword: 'new-pass-77',
        ...overrides,
      };
      const res = await client.gql(CHANGE_PASSWORD, { input });
      expect(firstError(res)).toEqual({ message, code: 'BAD_USER_INPUT', field });
      expect((await new HttpClient(app.url).post('/api/login/', { email, password })).status).toBe(200);
    });
  });
});
