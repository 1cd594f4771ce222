import { startTestApp, type TestApp } from '../../test/app';
import { countRows, firstError, registration } from '../../test/accounts';
import { createCampaign, createSession, createUser, type TestUser } from '../../test/factories';
import { HttpClient } from '../../test/http-client';
import { postForm } from '../../test/uploads';

const NUL = '\u0000';

/**
 * The edge check on text over real HTTP: every transport answers a control character with a 400
 * naming the field, and nothing is written. Before it, PostgreSQL refused NUL with a 500.
 */
describe('control characters at the edge', () => {
  let app: TestApp;
  let owner: TestUser;
  let campaignId: string;
  const campaigns = () => countRows(app, 'campaigns', 'owner_id = ?', [owner.id]);
  beforeAll(async () => {
    app = await startTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
    owner = await createUser(app);
    campaignId = await createCampaign(owner, 'Curse of Strahd');
  });
  afterAll(() => app.close());

  describe('GraphQL', () => {
    it('refuses NUL in a variable, naming the argument, and creates nothing', async () => {
      const before = await campaigns();
      const res = await owner.client.gql('mutation($t: String!) { createCampaign(title: $t) { id } }', {
        t: `Tomb${NUL}`,
      });
      expect(res.status).toBe(400);
      expect(firstError(res)).toEqual({
        message: 'title contains a control character',
        code: 'BAD_USER_INPUT',
        field: 'title',
      });
      expect(res.body.data).toBeUndefined();
      expect(await campaigns()).toBe(before);
    });

    it('refuses NUL in an inline literal argument', async () => {
      const before = await campaigns();
      const res = await owner.client.gql('mutation { createCampaign(title: "Tomb\\u0000") { id } }');
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
      expect(await campaigns()).toBe(before);
    });

    it('refuses a rename with a control character and keeps the old title', async () => {
      const res = await owner.client.gql(
        `mutation { renameCampaign(id: "${campaignId}", title: "Bell\\u0007") { id } }`,
      );
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
      expect(await countRows(app, 'campaigns', 'id = ? and title = ?', [campaignId, 'Curse of Strahd'])).toBe(1);
    });

    it('names the input field inside an input object (register), and registers nobody', async () => {
      const client = new HttpClient(app.url);
      const email = `nul.${Date.now()}@example.com`;
      const input = {
        firstName: `Ada${NUL}`,
        lastName: 'L',
        email,
        password: 'dice-roll-20',
        passwordConfirm: 'dice-roll-20',
      };
      const res = await client.gql('mutation($input: RegisterInput!) { register(input: $input) { email } }', { input });
      expect(res.status).toBe(400);
      expect(firstError(res)).toEqual({
        message: 'input.firstName contains a control character',
        code: 'BAD_USER_INPUT',
        field: 'firstName',
      });
      expect(await countRows(app, 'users', 'email = ?', [email])).toBe(0);
    });

    it('finds arguments in fragments and lone surrogates too', async () => {
      const res = await owner.client.gql('query($id: ID!) { ...Q } fragment Q on Query { campaign(id: $id) { id } }', {
        id: `${campaignId}\ud800`,
      });
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    });

    it('allows newlines and tabs in a long text, not in a name', async () => {
      const session = await createSession(app, campaignId);
      const text = 'Line one\n\tLine two\r\nLine three';
      const ok = await owner.client.gql(
        'mutation($id: ID!, $text: String!) { updateSessionContent(id: $id, field: FULL_TRANSCRIPT, text: $text) { id } }',
        { id: session.id, text },
      );
      expect(ok.body.errors).toBeUndefined();
      expect(await countRows(app, 'sessions', 'id = ? and full_transcript = ?', [session.id, text])).toBe(1);
      const vocabulary = await owner.client.gql(
        'mutation($id: ID!, $v: String!) { setCampaignVocabulary(campaignId: $id, vocabulary: $v) { id } }',
        { id: campaignId, v: 'Strahd\nIreena' },
      );
      expect(vocabulary.body.errors).toBeUndefined();

      const name = await owner.client.gql('mutation($t: String!) { createCampaign(title: $t) { id } }', {
        t: 'Two\nlines',
      });
      expect(name.status).toBe(400);
      expect(firstError(name)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
      const nul = await owner.client.gql(
        'mutation($id: ID!, $text: String!) { updateSessionContent(id: $id, field: FULL_TRANSCRIPT, text: $text) { id } }',
        { id: session.id, text: `a${NUL}b` },
      );
      expect(firstError(nul)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'text' });
    });
  });

  describe('REST', () => {
    it('refuses NUL in a JSON body field with 400 naming it, and creates nothing', async () => {
      const before = await campaigns();
      const res = await owner.client.post('/api/create_campaign/', { campaign_name: `Tomb${NUL}` });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'campaign_name contains a control character',
        code: 'BAD_USER_INPUT',
        field: 'campaign_name',
      });
      expect(await campaigns()).toBe(before);
    });

    it('refuses a control character in a rename and in a registration', async () => {
      const rename = await owner.client.post(`/api/update_campaign_title/${campaignId}/`, { new_title: 'a\u0085b' });
      expect(rename.status).toBe(400);
      expect(rename.body.field).toBe('new_title');
      const payload = registration({ last_name: `L${NUL}` });
      const register = await new HttpClient(app.url).post('/register/', payload);
      expect(register.status).toBe(400);
      expect(register.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'last_name' });
      expect(await countRows(app, 'users', 'email = ?', [payload.email])).toBe(0);
    });

    it('allows newlines in a long text (transcript edit), not in a title', async () => {
      const session = await createSession(app, campaignId);
      const text = 'First line\nSecond line';
      const ok = await owner.client.post(`/api/update_transcript/${session.id}/`, { new_text: text });
      expect(ok.status).toBe(200);
      expect(await countRows(app, 'sessions', 'id = ? and full_transcript = ?', [session.id, text])).toBe(1);
      const title = await owner.client.post(`/api/update_title/${session.id}/`, { new_title: 'a\nb' });
      expect(title.status).toBe(400);
      expect(title.body.field).toBe('new_title');
    });

    it('refuses control characters in the query string and in path parameters', async () => {
      const query = await owner.client.get('/api/get_campaigns/?page=%00');
      expect(query.status).toBe(400);
      expect(query.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'page' });
      const path = await owner.client.get('/api/get_campaign_details/%00/');
      expect(path.status).toBe(400);
      expect(path.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'path' });
    });
  });

  describe('multipart upload', () => {
    const wav = { fileName: 'night.wav', type: 'audio/wav', bytes: Buffer.alloc(1024) };

    it('refuses a control character in a form field before storing anything', async () => {
      const sessions = await countRows(app, 'sessions');
      const res = await postForm(owner.client, '/upload/', [
        { name: 'campaign_id', value: `${campaignId}${NUL}` },
        { name: 'audio', value: wav },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', field: 'campaign_id' });
      expect(await countRows(app, 'sessions')).toBe(sessions);
    });

    it('refuses a control character in the file name', async () => {
      const sessions = await countRows(app, 'sessions');
      const res = await postForm(owner.client, '/upload/', [
        { name: 'campaign_id', value: campaignId },
        { name: 'audio', value: { ...wav, fileName: 'night\u0085.wav' } },
      ]);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: 'The file name contains a control character',
        code: 'BAD_USER_INPUT',
        field: 'audio',
      });
      expect(await countRows(app, 'sessions')).toBe(sessions);
    });

    it('checks the variables of a GraphQL multipart request', async () => {
      const operations = JSON.stringify({
        query: 'mutation($file: Upload!, $c: ID!) { uploadSession(file: $file, campaignId: $c) { id } }',
        variables: { file: null, c: `${campaignId}${NUL}` },
      });
      const res = await postForm(owner.client, '/graphql', [
        { name: 'operations', value: operations },
        { name: 'map', value: JSON.stringify({ 0: ['variables.file'] }) },
        { name: '0', value: wav },
      ]);
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'campaignId' });
    });
  });
});
