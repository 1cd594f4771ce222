import type { TestApp } from '../../../test/app';
import { countRows, registration } from '../../../test/accounts';
import { createCampaign, createSession, createUser, startAppWithOwner, type TestUser } from '../../../test/factories';

describe('sharing REST shims', () => {
  let app: TestApp;
  let owner: TestUser;
  beforeAll(async () => ({ app, owner } = await startAppWithOwner()));
  afterAll(() => app.close());

  const share = (campaign_id: string, recipient_email: unknown) =>
    owner.client.post('/api/share_campaign/', { campaign_id, recipient_email });

  it('shares with a registered user, who then lists it and reads its details and sessions', async () => {
    const recipient = await createUser(app);
    const id = await createCampaign(owner, 'Shared one');
    const session = await createSession(app, id);
    const res = await share(id, `  ${recipient.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: `Campaign shared with ${recipient.email}`,
      share_id: expect.any(String),
    });

    const list = await recipient.client.get('/api/get_shared_campaigns/');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      shared_campaigns: [
        { campaign_id: id, campaign_name: 'Shared one', share_id: res.body.share_id, lastEdited: expect.any(String) },
      ],
    });
    const details = await recipient.client.get(`/api/get_shared_campaign_details/${id}/`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ id, title: 'Shared one', role: 'RECIPIENT' });
    expect(details.body.transcripts.map((t: any) => t.id)).toEqual([session.id]);
    // The owner's own list is unchanged, the recipient's own list stays empty.
    expect((await recipient.client.get('/api/get_campaigns/')).body.campaigns).toEqual([]);
  });

  it('repeating a share is not an error and creates no duplicate', async () => {
    const id = await createCampaign(owner, 'Twice');
    const first = await share(id, 'twice@example.com');
    const second = await share(id, 'TWICE@example.com');
    expect(second.status).toBe(200);
    expect(second.body.share_id).toBe(first.body.share_id);
    expect(await countRows(app, 'campaign_shares', 'campaign_id = ?', [id])).toBe(1);
  });

  it('shares with an address that has no account; the share appears when that person registers', async () => {
    const id = await createCampaign(owner, 'For a newcomer');
    const email = `newcomer.${Date.now()}@example.com`;
    expect((await share(id, email)).status).toBe(200);
    const newcomer = await createUser(app, registration({ email }));
    const list = await newcomer.client.get('/api/get_shared_campaigns/');
    expect(list.body.shared_campaigns.map((s: any) => s.campaign_id)).toEqual([id]);
  });

  it('a share follows the account: changing e-mail keeps it, and the old address does not get it', async () => {
    const id = await createCampaign(owner, 'Follows the account');
    const recipient = await createUser(app);
    const oldEmail = recipient.email;
    await share(id, oldEmail);
    const changed = await recipient.client.post('/api/update-field/', {
      field: 'email',
      value: `moved.${Date.now()}@example.com`,
    });
    expect(changed.status).toBe(200);
    expect((await recipient.client.get(`/api/get_shared_campaign_details/${id}/`)).status).toBe(200);
    const successor = await createUser(app, registration({ email: oldEmail }));
    expect((await successor.client.get('/api/get_shared_campaigns/')).body.shared_campaigns).toEqual([]);
    expect((await successor.client.get(`/api/get_shared_campaign_details/${id}/`)).status).toBe(404);
  });

  it.each([
    ['', 'Please enter an email address'],
    ['   ', 'Please enter an email address'],
    [undefined, 'Please enter an email address'],
    ['not-an-email', 'Please enter a valid email address'],
  ])('refuses the recipient e-mail %j with %s', async (email, error) => {
    const id = await createCampaign(owner, 'Bad e-mail');
    const res = await share(id, email);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field: 'email' });
    expect(await countRows(app, 'campaign_shares', 'campaign_id = ?', [id])).toBe(0);
  });

  it('refuses sharing with yourself', async () => {
    const id = await createCampaign(owner, 'Mine');
    const res = await share(id, owner.email.toUpperCase());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'You cannot share a campaign with yourself',
      code: 'BAD_USER_INPUT',
      field: 'email',
    });
  });

  it('the recipient removes a share from their own list; the campaign stays with its owner', async () => {
    const recipient = await createUser(app);
    const id = await createCampaign(owner, 'Removable');
    const shareId = (await share(id, recipient.email)).body.share_id;
    const res = await recipient.client.post(`/api/remove_shared_campaign/${shareId}/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Shared campaign removed' });
    expect((await recipient.client.get('/api/get_shared_campaigns/')).body.shared_campaigns).toEqual([]);
    expect((await recipient.client.get(`/api/get_shared_campaign_details/${id}/`)).status).toBe(404);
    expect((await owner.client.get(`/api/get_campaign_details/${id}/`)).status).toBe(200);
    const again = await recipient.client.post(`/api/remove_shared_campaign/${shareId}/`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Shared campaign not found', code: 'NOT_FOUND' });
  });

  it('only the recipient can remove a share: the owner and strangers get not found', async () => {
    const recipient = await createUser(app);
    const stranger = await createUser(app);
    const id = await createCampaign(owner, 'Not yours to remove');
    const shareId = (await share(id, recipient.email)).body.share_id;
    for (const who of [owner, stranger]) {
      const res = await who.client.post(`/api/remove_shared_campaign/${shareId}/`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Shared campaign not found', code: 'NOT_FOUND' });
    }
    expect(await countRows(app, 'campaign_shares', 'id = ?', [shareId])).toBe(1);
  });
});
