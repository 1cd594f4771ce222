import { startTestApp, type TestApp } from '../../../test/app';
import { countRows } from '../../../test/accounts';
import { createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';

/** The first error's message and code, or the data when there is none. */
async function call(user: TestUser, query: string, variables: Record<string, unknown> = {}) {
  const res = await user.client.gql(query, variables);
  const error = res.body.errors?.[0];
  return error
    ? { error: error.message, code: error.extensions?.code, field: error.extensions?.field }
    : { data: res.body.data };
}

describe('campaigns, sessions and sharing over GraphQL', () => {
  let app: TestApp;
  let owner: TestUser;
  let recipient: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
    recipient = await createUser(app);
  });
  afterAll(() => app.close());

  it('createCampaign, campaigns and campaign(id) with sessions, summaries, shares and role', async () => {
    const created = await call(
      owner,
      'mutation { createCampaign(title: "  Storm King  ") { id title role lastEditedAt } }',
    );
    const id = (created as any).data.createCampaign.id;
    expect(created).toEqual({
      data: { createCampaign: { id, title: 'Storm King', role: 'OWNER', lastEditedAt: expect.any(String) } },
    });
    const session = await createSession(app, id);
    await call(
      owner,
      `mutation { updateCampaignSummary(campaignId: "${id}", type: MODERATE, text: "<i>m</i>") { id } }`,
    );
    await call(owner, `mutation { shareCampaign(campaignId: "${id}", email: "${recipient.email}") { id } }`);
    const read = await call(
      owner,
      `query($id: ID!) { campaign(id: $id) { title sessions { id status campaign { id } } summaries { type text } shares { recipientEmail } } }`,
      { id },
    );
    expect(read).toEqual({
      data: {
        campaign: {
          title: 'Storm King',
          sessions: [{ id: session.id, status: 'READY', campaign: { id } }],
          summaries: [{ type: 'MODERATE', text: '<i>m</i>' }],
          shares: [{ recipientEmail: recipient.email }],
        },
      },
    });
    const list = await call(owner, '{ campaigns { id } }');
    expect((list as any).data.campaigns).toContainEqual({ id });
  });

  it('a recipient sees the campaign read-only: role RECIPIENT, an empty share list, listed in sharedCampaigns', async () => {
    const id = await createCampaign(owner, 'Read only');
    const share = await call(
      owner,
      `mutation { shareCampaign(campaignId: "${id}", email: "${recipient.email}") { id recipientEmail } }`,
    );
    const shareId = (share as any).data.shareCampaign.id;
    const shared = await call(
      recipient,
      '{ sharedCampaigns { id sharedAt seen campaign { id title role shares { id } } } }',
    );
    expect((shared as any).data.sharedCampaigns).toContainEqual({
      id: shareId,
      sharedAt: expect.any(String),
      seen: false,
      // Who else has access is the owner's to know; the owner's own read lists the recipient above.
      campaign: { id, title: 'Read only', role: 'RECIPIENT', shares: [] },
    });
    const rename = await call(recipient, `mutation { renameCampaign(id: "${id}", title: "Mine now") { id } }`);
    expect(rename).toEqual({
      error: 'This campaign is shared with you read-only',
      code: 'FORBIDDEN',
      field: undefined,
    });
    expect(await call(recipient, `mutation { removeSharedCampaign(shareId: "${shareId}") }`)).toEqual({
      data: { removeSharedCampaign: true },
    });
    const after = await call(recipient, '{ sharedCampaigns { campaign { id } } }');
    expect((after as any).data.sharedCampaigns).not.toContainEqual({ campaign: { id } });
  });

  it('renameCampaign and deleteCampaign, with their refusals', async () => {
    const id = await createCampaign(owner, 'Rename me');
    expect(await call(owner, `mutation { renameCampaign(id: "${id}", title: " ") { id } }`)).toEqual({
      error: 'Please enter a valid name',
      code: 'BAD_USER_INPUT',
      field: 'title',
    });
    expect(await call(owner, `mutation { renameCampaign(id: "${id}", title: "Renamed") { title } }`)).toEqual({
      data: { renameCampaign: { title: 'Renamed' } },
    });
    const del = (password: string) =>
      call(owner, 'mutation($id: ID!, $p: String!) { deleteCampaign(id: $id, password: $p) }', { id, p: password });
    expect(await del('')).toEqual({ error: 'Please enter your password', code: 'BAD_USER_INPUT', field: 'password' });
    expect(await del('wrong-password-9')).toEqual({
      error: 'Incorrect password',
      code: 'BAD_USER_INPUT',
      field: 'password',
    });
    await createSession(app, id);
    expect(await del(owner.password)).toMatchObject({ code: 'CONFLICT' });
    expect(await countRows(app, 'campaigns', 'id = ?', [id])).toBe(1);
    await app.orm.em.fork().getConnection().execute('delete from sessions where campaign_id = ?', [id]);
    expect(await del(owner.password)).toEqual({ data: { deleteCampaign: true } });
    expect(await call(owner, `{ campaign(id: "${id}") { id } }`)).toEqual({
      error: 'Campaign not found',
      code: 'NOT_FOUND',
      field: undefined,
    });
  });

  it('session(id), renameSession, moveSession, updateSessionContent and deleteSession', async () => {
    const from = await createCampaign(owner, 'From');
    const to = await createCampaign(owner, 'To');
    const s = await createSession(app, from);
    expect(await call(owner, `{ session(id: "${s.id}") { title summaryVeryShort campaign { title } } }`)).toEqual({
      data: { session: { title: s.title, summaryVeryShort: s.summaryVeryShort, campaign: { title: 'From' } } },
    });
    expect(await call(owner, `mutation { renameSession(id: "${s.id}", title: "Renamed") { title } }`)).toEqual({
      data: { renameSession: { title: 'Renamed' } },
    });
    expect(await call(owner, `mutation { moveSession(id: "${s.id}", campaignId: "") { id } }`)).toEqual({
      error: 'Please select a campaign',
      code: 'BAD_USER_INPUT',
      field: 'campaignId',
    });
    expect(
      await call(owner, `mutation { moveSession(id: "${s.id}", campaignId: "${to}") { campaign { title } } }`),
    ).toEqual({
      data: { moveSession: { campaign: { title: 'To' } } },
    });
    const edit = await call(
      owner,
      `mutation { updateSessionContent(id: "${s.id}", field: DETAILED_SUMMARY, text: "<p>d</p>") { detailedSummary briefSummary } }`,
    );
    expect(edit).toEqual({
      data: { updateSessionContent: { detailedSummary: '<p>d</p>', briefSummary: s.briefSummary } },
    });
    const del = (p: string) =>
      call(owner, 'mutation($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }', { id: s.id, p });
    expect(await del('nope-nope-1')).toEqual({
      error: 'Incorrect password',
      code: 'BAD_USER_INPUT',
      field: 'password',
    });
    expect(await countRows(app, 'sessions', 'id = ?', [s.id])).toBe(1);
    expect(await del(owner.password)).toEqual({ data: { deleteSession: true } });
    expect(await countRows(app, 'sessions', 'id = ?', [s.id])).toBe(0);
  });

  it('shareCampaign refuses bad and own addresses and does not duplicate', async () => {
    const id = await createCampaign(owner, 'Share me');
    const share = (email: string) =>
      call(owner, 'mutation($id: ID!, $e: String!) { shareCampaign(campaignId: $id, email: $e) { id } }', {
        id,
        e: email,
      });
    expect(await share('')).toEqual({ error: 'Please enter an email address', code: 'BAD_USER_INPUT', field: 'email' });
    expect(await share('nope')).toEqual({
      error: 'Please enter a valid email address',
      code: 'BAD_USER_INPUT',
      field: 'email',
    });
    expect(await share(owner.email)).toEqual({
      error: 'You cannot share a campaign with yourself',
      code: 'BAD_USER_INPUT',
      field: 'email',
    });
    const first = await share('someone@example.com');
    expect(await share('Someone@Example.com')).toEqual(first);
  });

  it('signed out, every operation is UNAUTHENTICATED', async () => {
    const anon = { client: new HttpClient(app.url) } as TestUser;
    for (const q of [
      '{ campaigns { id } }',
      '{ sharedCampaigns { id } }',
      'mutation { createCampaign(title: "x") { id } }',
    ]) {
      expect(await call(anon, q)).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});
