import { startTestApp, type TestApp } from '../../test/app';
import { countRows } from '../../test/accounts';
import { createCampaign, createUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';

describe('re-authentication for deletes is throttled like sign-in', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_MAX_ATTEMPTS_PER_ACCOUNT: '3' });
  });
  afterAll(() => app.close());

  it('a stolen session cannot guess the password through delete_campaign without limit', async () => {
    const owner = await createUser(app);
    const campaignId = await createCampaign(owner);
    const attempt = (password: string) => owner.client.post(`/api/delete_campaign/${campaignId}/`, { password });
    for (let i = 0; i < 3; i++) {
      expect((await attempt('guess-number-1')).body).toEqual({
        error: 'Incorrect password',
        code: 'BAD_USER_INPUT',
        field: 'password',
      });
    }
    const locked = await attempt(owner.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many password attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countRows(app, 'campaigns', 'id = ?', [campaignId])).toBe(1);
    // The same account counter guards sign-in: the guesses above count there too.
    const login = await new HttpClient(app.url).post('/api/login/', { email: owner.email, password: owner.password });
    expect(login.status).toBe(429);
  });

  it('a right password starts the count over', async () => {
    const owner = await createUser(app);
    const keep = await createCampaign(owner, 'Keep');
    const drop = await createCampaign(owner, 'Drop');
    const del = (id: string, password: string) => owner.client.post(`/api/delete_campaign/${id}/`, { password });
    expect((await del(keep, 'guess-number-1')).status).toBe(400);
    expect((await del(keep, 'guess-number-2')).status).toBe(400);
    expect((await del(drop, owner.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await del(keep, 'guess-number-3')).status).toBe(400);
    expect(await countRows(app, 'campaigns', 'id = ?', [keep])).toBe(1);
  });
});
