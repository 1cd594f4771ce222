import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { SessionStatus } from '../../kernel/entities/session.entity';

describe('session (transcript) REST shims', () => {
  let app: TestApp;
  let owner: TestUser;
  let campaignId: string;
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
    campaignId = await createCampaign(owner, 'Tomb of Annihilation');
  });
  afterAll(() => app.close());

  const lastEdited = async (id: string) => (await owner.client.get(`/api/get_campaign_details/${id}/`)).body.lastEdited;

  it('GET /api/get_session_details/{id}/ returns status, file name and all four texts', async () => {
    const s = await createSession(app, campaignId);
    const res = await owner.client.get(`/api/get_session_details/${s.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.id,
      title: 'Session 1: Into the Ravine',
      created_at: s.createdAt.toISOString(),
      status: 'READY',
      originalFileName: 'session-1.mp3',
      campaign_id: campaignId,
      role: 'OWNER',
      stage: null,
      progress: 0,
      failureReason: null,
      briefSummary: '<p>The party reached the citadel.</p>',
      moderateSummary: 'The party descended the ravine and met the kobolds.',
      detailedSummary: 'Long detailed account of the session.',
      fullTranscript: 'GM: You stand at the edge of the ravine.\nMeepo: Welcome!',
      // No recap before the pipeline's summary stage writes one (session-recap.graphql.test.ts).
      recap: null,
    });
  });

  it('GET /api/get_campaign_and_summary/{sessionId}/ returns the campaign name and one-line summary', async () => {
    const s = await createSession(app, campaignId);
    const res = await owner.client.get(`/api/get_campaign_and_summary/${s.id}/`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaign_name: 'Tomb of Annihilation',
      summary_very_short: 'The party reached the citadel',
    });
  });

  describe('POST /api/update_title/{sessionId}/', () => {
    it('renames (trimmed) and bumps the campaign’s lastEdited', async () => {
      const s = await createSession(app, campaignId);
      const before = await lastEdited(campaignId);
      const res = await owner.client.post(`/api/update_title/${s.id}/`, { new_title: ' Session 2: The Fane ' });
      expect(res.body).toEqual({ success: true, message: 'Session renamed successfully' });
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.title).toBe('Session 2: The Fane');
      expect((await lastEdited(campaignId)) > before).toBe(true);
    });

    it('refuses a blank name with the spec message and keeps the old one', async () => {
      const s = await createSession(app, campaignId, { title: 'Keep me' });
      const res = await owner.client.post(`/api/update_title/${s.id}/`, { new_title: '  ' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please enter a valid name', code: 'BAD_USER_INPUT', field: 'title' });
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.title).toBe('Keep me');
    });
  });

  describe('POST /api/move_transcript/{sessionId}/', () => {
    it('moves the session into another campaign of the owner', async () => {
      const target = await createCampaign(owner, 'Target');
      const s = await createSession(app, campaignId);
      const res = await owner.client.post(`/api/move_transcript/${s.id}/`, { new_campaign_id: target });
      expect(res.body).toEqual({ success: true, message: 'Session moved successfully' });
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.campaign_id).toBe(target);
      const details = await owner.client.get(`/api/get_campaign_details/${target}/`);
      expect(details.body.transcripts.map((t: any) => t.id)).toEqual([s.id]);
    });

    it.each([[''], ['  '], [null], [undefined]])('asks to select a campaign when the target is %j', async (target) => {
      const s = await createSession(app, campaignId);
      const res = await owner.client.post(`/api/move_transcript/${s.id}/`, { new_campaign_id: target });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Please select a campaign', code: 'BAD_USER_INPUT', field: 'campaignId' });
    });

    it('refuses a target the user does not own, or that does not exist, as not found; nothing moves', async () => {
      const stranger = await createUser(app);
      const theirs = await createCampaign(stranger, 'Theirs');
      const s = await createSession(app, campaignId);
      for (const target of [theirs, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const res = await owner.client.post(`/api/move_transcript/${s.id}/`, { new_campaign_id: target });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'Campaign not found', code: 'NOT_FOUND' });
      }
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.campaign_id).toBe(campaignId);
    });
  });

  describe('POST /api/delete_transcript/{sessionId}/', () => {
    it('deletes with the right password', async () => {
      const s = await createSession(app, campaignId);
      const res = await owner.client.post(`/api/delete_transcript/${s.id}/`, { password: owner.password });
      expect(res.body).toEqual({ success: true, message: 'Session deleted successfully' });
      expect(await countRows(app, 'sessions', 'id = ?', [s.id])).toBe(0);
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).status).toBe(404);
    });

    it('asks for a blank password, refuses a wrong one and keeps the row', async () => {
      const s = await createSession(app, campaignId);
      const blank = await owner.client.post(`/api/delete_transcript/${s.id}/`, {});
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({ error: 'Please enter your password', code: 'BAD_USER_INPUT', field: 'password' });
      const wrong = await owner.client.post(`/api/delete_transcript/${s.id}/`, { password: 'wrong-password-1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toBe('Incorrect password');
      expect(await countRows(app, 'sessions', 'id = ?', [s.id])).toBe(1);
    });
  });

  describe('content edits', () => {
    it('POST /api/update_transcript/{sessionId}/ stores the full transcript exactly as sent', async () => {
      const s = await createSession(app, campaignId);
      const text = '<div>GM: Roll initiative.</div>\n\n  trailing  ';
      const before = await lastEdited(campaignId);
      const res = await owner.client.post(`/api/update_transcript/${s.id}/`, { new_text: text });
      expect(res.body).toEqual({ success: true, message: 'Content updated successfully' });
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.fullTranscript).toBe(text);
      expect((await lastEdited(campaignId)) > before).toBe(true);
    });

    it.each(['briefSummary', 'moderateSummary', 'detailedSummary', 'fullTranscript'])(
      'POST /api/update_session_summary/{sessionId}/%s/ replaces that text only',
      async (type) => {
        const s = await createSession(app, campaignId);
        const res = await owner.client.post(`/api/update_session_summary/${s.id}/${type}/`, {
          new_text: `<b>${type}</b>`,
        });
        expect(res.body).toEqual({ success: true, message: 'Content updated successfully' });
        const body = (await owner.client.get(`/api/get_session_details/${s.id}/`)).body;
        expect(body[type]).toBe(`<b>${type}</b>`);
        const others = ['briefSummary', 'moderateSummary', 'detailedSummary', 'fullTranscript'].filter(
          (t) => t !== type,
        );
        for (const other of others) expect(body[other]).toBe((s as any)[other]);
      },
    );

    it('accepts transcripts larger than the general 100 kB body limit', async () => {
      const s = await createSession(app, campaignId);
      const text = 'GM: and then '.repeat(40_000);
      const res = await owner.client.post(`/api/update_transcript/${s.id}/`, { new_text: text });
      expect(res.status).toBe(200);
      expect((await owner.client.get(`/api/get_session_details/${s.id}/`)).body.fullTranscript).toBe(text);
    });

    it('refuses unknown summary types, non-string text and sessions that are not READY', async () => {
      const s = await createSession(app, campaignId);
      const type = await owner.client.post(`/api/update_session_summary/${s.id}/summaryVeryShort/`, { new_text: 'x' });
      expect(type.status).toBe(400);
      expect(type.body).toEqual({ error: 'Unknown summary type', code: 'BAD_USER_INPUT', field: 'field' });
      const text = await owner.client.post(`/api/update_transcript/${s.id}/`, { new_text: ['x'] });
      expect(text.status).toBe(400);
      expect(text.body.error).toBe('new_text must be a string');
      for (const status of [SessionStatus.PROCESSING, SessionStatus.FAILED]) {
        const busy = await createSession(app, campaignId, { status, fullTranscript: '' });
        const res = await owner.client.post(`/api/update_transcript/${busy.id}/`, { new_text: 'x' });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('CONFLICT');
        expect((await owner.client.get(`/api/get_session_details/${busy.id}/`)).body.fullTranscript).toBe('');
      }
    });
  });
});
