import { startTestApp, type TestApp } from '../../test/app';
import { countRows, firstError } from '../../test/accounts';
import { createCampaign, createSession, createUser, type TestUser } from '../../test/factories';
import { documentWork } from './document-cache';

/**
 * Per-document work is done once per query text: Apollo's documentStore keeps the parsed and
 * validated document, and our cost and input checks keep their result on it. Observed through the
 * counters of document-cache.ts over real HTTP, and the checks must still refuse what they refused.
 */
describe('GraphQL document cache', () => {
  let app: TestApp;
  let owner: TestUser;
  let campaignId: string;
  const work = () => ({ ...documentWork });
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
    campaignId = await createCampaign(owner, 'Tomb of Annihilation');
    await createSession(app, campaignId, { title: 'Port Nyanzaru' });
  });
  afterAll(() => app.close());

  it('parses and validates a query text once; the next request reuses the document and its checks', async () => {
    // A text no other test sends (the comment is part of it), so the first request is a miss.
    const query = `# list ${Date.now()}\n{ campaigns { id title sessions { id title status summaryVeryShort } } }`;
    const before = work();
    const first = await owner.client.gql(query);
    const afterFirst = work();
    const second = await owner.client.gql(query);
    const afterSecond = work();

    expect(first.status).toBe(200);
    expect(first.body.data.campaigns[0].sessions[0].title).toBe('Port Nyanzaru');
    expect(second.body).toEqual(first.body);
    expect(afterFirst.parsed - before.parsed).toBe(1);
    expect(afterFirst.validated - before.validated).toBe(1);
    // Whether @include/@skip appear, the cost, the input check: worked out on the first request.
    expect(afterFirst.analysed - before.analysed).toBe(3);
    expect(afterSecond.parsed).toBe(afterFirst.parsed);
    expect(afterSecond.validated).toBe(afterFirst.validated);
    expect(afterSecond.analysed).toBe(afterFirst.analysed);
    expect(afterSecond.reused - afterFirst.reused).toBe(3);
  });

  it('parses a different text again', async () => {
    const before = work();
    await owner.client.gql(`# other ${Date.now()}\n{ campaigns { id } }`);
    expect(work().parsed - before.parsed).toBe(1);
  });

  it('still refuses a too expensive query when its cost comes from the cache', async () => {
    const aliases = Array.from({ length: 5 }, (_, i) => `a${i}: campaigns { sessions { fullTranscript } }`);
    const query = `# cost ${Date.now()}\n{ ${aliases.join(' ')} }`;
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.gql(query);
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    }
  });

  it('still refuses a control character in a literal when the check comes from the cache', async () => {
    const before = await countRows(app, 'campaigns', 'owner_id = ?', [owner.id]);
    const query = `mutation { createCampaign(title: "Cache ${Date.now()}\\u0000") { id } }`;
    const reusedBefore = documentWork.reused;
    for (let i = 0; i < 2; i++) {
      const res = await owner.client.gql(query);
      expect(res.status).toBe(400);
      expect(firstError(res)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'title' });
    }
    expect(documentWork.reused).toBeGreaterThan(reusedBefore);
    expect(await countRows(app, 'campaigns', 'owner_id = ?', [owner.id])).toBe(before);
  });

  it('keeps no variable values: one cached document answers for each id, and bad variables are refused', async () => {
    const other = await createCampaign(owner, 'Out of the Abyss');
    const query = `# by id ${Date.now()}\nquery($id: ID!) { campaign(id: $id) { id title } }`;
    const a = await owner.client.gql(query, { id: campaignId });
    const b = await owner.client.gql(query, { id: other });
    expect(a.body.data.campaign.title).toBe('Tomb of Annihilation');
    expect(b.body.data.campaign.title).toBe('Out of the Abyss');
    const bad = await owner.client.gql(query, { id: { not: 'an id' } });
    expect(bad.status).toBe(400);
    expect(firstError(bad)).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});
