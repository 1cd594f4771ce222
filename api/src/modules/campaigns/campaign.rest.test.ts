import type { TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import { createCampaign, createSession, createUser, startAppWithOwner, type TestUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';

describe('campaign REST shims', () => {
  let app: TestApp;
  let owner: TestUser;
  beforeAll(async () => ({ app, owner } = await startAppWithOwner()));
  afterAll(() => app.close());

  describe('POST /api/create_campaign/', () => {
    it('creates a campaign with the trimmed name and answers with its id', async () => {
      const res = await owner.client.post('/api/create_campaign/', { campaign_name: '  Curse of Strahd  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Campaign created successfully',
        campaign_id: expect.any(String),
      });
      const list = await owner.client.get('/api/get_campaigns/');
      expect(list.body.campaigns).toContainEqual({
        id: res.body.campaign_id,
        title: 'Curse of Strahd',
        created_at: expect.any(String),
        lastEdited: expect.any(String),
      });
    });

    it.each([
      [{ campaign_name: '   ' }, 'Please enter a campaign name'],
      // Zero-width spaces and a byte-order mark: blank to a reader, though trim() keeps the spaces.
      [{ campaign_name: '\u200b\ufeff\u200b' }, 'Please enter a campaign name'],
      [{}, 'Please enter a campaign name'],
      [{ campaign_name: 7 }, 'Please enter a campaign name'],
      [{ campaign_name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    ])('refuses %j with %s and stores nothing', async (body, error) => {
      const before = await countRows(app, 'campaigns');
      const res = await owner.client.post('/api/create_campaign/', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error, code: 'BAD_USER_INPUT', field: 'title' });
      expect(await countRows(app, 'campaigns')).toBe(before);
    });

    it('needs a signed-in user and the CSRF token', async () => {
      const anon = await new HttpClient(app.url).post('/api/create_campaign/', { campaign_name: 'x' });
      expect(anon.status).toBe(401);
      expect(anon.body.code).toBe('UNAUTHENTICATED');
      const noCsrf = await owner.client.post('/api/create_campaign/', { campaign_name: 'x' }, { csrf: false });
      expect(noCsrf.status).toBe(403);
      expect(noCsrf.body.code).toBe('CSRF_FAILED');
    });
  });

  describe('GET /api/get_campaigns/ and /api/get_campaign_details/{id}/', () => {
    it('lists only the caller’s campaigns, oldest first', async () => {
      const me = await createUser(app);
      const other = await createUser(app);
      const a = await createCampaign(me, 'A');
      const b = await createCampaign(me, 'B');
      await createCampaign(other, 'Not mine');
      const res = await me.client.get('/api/get_campaigns/');
      expect(res.status).toBe(200);
      expect(res.body.campaigns.map((c: any) => [c.id, c.title])).toEqual([
        [a, 'A'],
        [b, 'B'],
      ]);
    });

    it('returns the campaign with its sessions (transcripts), empty when it has none', async () => {
      const id = await createCampaign(owner, 'Details');
      const empty = await owner.client.get(`/api/get_campaign_details/${id}/`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({
        id,
        title: 'Details',
        created_at: expect.any(String),
        lastEdited: expect.any(String),
        role: 'OWNER',
        transcripts: [],
      });
      const s1 = await createSession(app, id, { title: 'One', createdAt: new Date('2026-01-01T00:00:00Z') });
      const s2 = await createSession(app, id, {
        title: 'Two',
        status: 'PROCESSING' as never,
        createdAt: new Date('2026-01-02T00:00:00Z'),
      });
      const res = await owner.client.get(`/api/get_campaign_details/${id}/`);
      expect(res.body.transcripts).toEqual([
        {
          id: s1.id,
          title: 'One',
          created_at: '2026-01-01T00:00:00.000Z',
          status: 'READY',
          originalFileName: 'session-1.mp3',
        },
        {
          id: s2.id,
          title: 'Two',
          created_at: '2026-01-02T00:00:00.000Z',
          status: 'PROCESSING',
          originalFileName: 'session-1.mp3',
        },
      ]);
    });
  });

  describe('POST /api/update_campaign_title/{id}/', () => {
    it('renames (trimmed) and bumps lastEdited', async () => {
      const id = await createCampaign(owner, 'Old');
      const before = (await owner.client.get(`/api/get_campaign_details/${id}/`)).body.lastEdited;
      const res = await owner.client.post(`/api/update_campaign_title/${id}/`, { new_title: '  New name ' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Campaign renamed successfully' });
      const after = await owner.client.get(`/api/get_campaign_details/${id}/`);
      expect(after.body.title).toBe('New name');
      expect(after.body.lastEdited > before).toBe(true);
    });

    it.each([[''], ['   '], ['\u200b\u200c'], [null]])(
      'refuses the blank name %j with the spec message',
      async (new_title) => {
        const id = await createCampaign(owner, 'Keep');
        const res = await owner.client.post(`/api/update_campaign_title/${id}/`, { new_title });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('Please enter a valid name');
        expect((await owner.client.get(`/api/get_campaign_details/${id}/`)).body.title).toBe('Keep');
      },
    );
  });

  describe('POST /api/delete_campaign/{id}/', () => {
    it('deletes an empty campaign with the right password, with its summaries and shares', async () => {
      const id = await createCampaign(owner, 'Doomed');
      await owner.client.post(`/api/update_campaign_summary/${id}/briefSummary/`, { new_text: 'x' });
      await owner.client.post('/api/share_campaign/', { campaign_id: id, recipient_email: 'friend@example.com' });
      const res = await owner.client.post(`/api/delete_campaign/${id}/`, { password: owner.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Campaign deleted successfully' });
      expect(await countRows(app, 'campaigns', 'id = ?', [id])).toBe(0);
      expect(await countRows(app, 'campaign_summaries', 'campaign_id = ?', [id])).toBe(0);
      expect(await countRows(app, 'campaign_shares', 'campaign_id = ?', [id])).toBe(0);
      expect((await owner.client.get(`/api/get_campaign_details/${id}/`)).status).toBe(404);
    });

    it('asks for the password when it is blank, refuses a wrong one, and changes nothing', async () => {
      const id = await createCampaign(owner, 'Safe');
      const blank = await owner.client.post(`/api/delete_campaign/${id}/`, { password: '' });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ error: 'Please enter your password', code: 'BAD_USER_INPUT', field: 'password' });
      const wrong = await owner.client.post(`/api/delete_campaign/${id}/`, { password: 'not-my-password-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ error: 'Incorrect password', code: 'BAD_USER_INPUT', field: 'password' });
      expect(await countRows(app, 'campaigns', 'id = ?', [id])).toBe(1);
    });

    it('refuses while the campaign has sessions, keeping them all', async () => {
      const id = await createCampaign(owner, 'Busy');
      await createSession(app, id);
      const res = await owner.client.post(`/api/delete_campaign/${id}/`, { password: owner.password });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: 'This campaign still has sessions. Move or delete them before deleting the campaign.',
        code: 'CONFLICT',
      });
      expect(await countRows(app, 'campaigns', 'id = ?', [id])).toBe(1);
      expect(await countRows(app, 'sessions', 'campaign_id = ?', [id])).toBe(1);
    });
  });

  describe('campaign summaries', () => {
    it('reads empty strings for a campaign without summaries', async () => {
      const id = await createCampaign(owner, 'No summaries');
      const res = await owner.client.get(`/api/get_campaign_summaries/${id}/`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        briefSummary: '',
        moderateSummary: '',
        detailedSummary: '',
        fullTranscript: '',
        summaries: [],
      });
    });

    it('writes by type exactly as sent (HTML kept), then by summary id, bumping lastEdited', async () => {
      const id = await createCampaign(owner, 'Summaries');
      const html = '<p>The <b>dragon</b> woke.</p>  ';
      const before = (await owner.client.get(`/api/get_campaign_details/${id}/`)).body.lastEdited;
      const byType = await owner.client.post(`/api/update_campaign_summary/${id}/detailedSummary/`, { new_text: html });
      expect(byType.body).toEqual({ success: true, message: 'Content updated successfully' });
      const read = await owner.client.get(`/api/get_campaign_summaries/${id}/`);
      expect(read.body).toMatchObject({ briefSummary: '', detailedSummary: html });
      expect(read.body.summaries).toEqual([
        { id: expect.any(String), type: 'detailed', updated_at: expect.any(String) },
      ]);
      const summaryId = read.body.summaries[0].id;
      const byId = await owner.client.post(`/api/update_summary/${id}/${summaryId}/`, { new_text: 'rewritten' });
      expect(byId.status).toBe(200);
      expect((await owner.client.get(`/api/get_campaign_summaries/${id}/`)).body.detailedSummary).toBe('rewritten');
      expect(await countRows(app, 'campaign_summaries', 'campaign_id = ?', [id])).toBe(1);
      expect((await owner.client.get(`/api/get_campaign_details/${id}/`)).body.lastEdited > before).toBe(true);
    });

    it('refuses unknown summary types, unknown summary ids and non-string text', async () => {
      const id = await createCampaign(owner, 'Bad summaries');
      const type = await owner.client.post(`/api/update_campaign_summary/${id}/shortSummary/`, { new_text: 'x' });
      expect(type.status).toBe(400);
      expect(type.body.error).toBe('Unknown summary type');
      const other = await createCampaign(owner, 'Other');
      await owner.client.post(`/api/update_campaign_summary/${other}/briefSummary/`, { new_text: 'x' });
      const otherSummaryId = (await owner.client.get(`/api/get_campaign_summaries/${other}/`)).body.summaries[0].id;
      const wrongCampaign = await owner.client.post(`/api/update_summary/${id}/${otherSummaryId}/`, { new_text: 'y' });
      expect(wrongCampaign.status).toBe(404);
      expect(wrongCampaign.body).toEqual({ error: 'Summary not found', code: 'NOT_FOUND' });
      const text = await owner.client.post(`/api/update_campaign_summary/${id}/briefSummary/`, { new_text: 5 });
      expect(text.status).toBe(400);
      expect(text.body.error).toBe('new_text must be a string');
    });
  });
});
