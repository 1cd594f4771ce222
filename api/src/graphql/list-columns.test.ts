import { startTestApp, type TestApp } from '../../test/app';
import { countQueries, createCampaign, createSession, createUser, type TestUser } from '../../test/factories';

/**
 * Lists of sessions read what they show: never the transcript (lazy), and the long summaries only
 * when the selection asks for them. Checked on the SQL the ORM sends for real GraphQL requests.
 */
describe('what a list of sessions reads from PostgreSQL', () => {
  let app: TestApp;
  let owner: TestUser;
  let sessionId: string;
  const sessionSelects = (sql: string[]) => sql.filter((q) => /from "sessions"/.test(q) && q.startsWith('select'));
  beforeAll(async () => {
    app = await startTestApp();
    owner = await createUser(app);
    const campaignId = await createCampaign(owner, 'Rime of the Frostmaiden');
    for (const title of ['Bryn Shander', 'Targos']) {
      const session = await createSession(app, campaignId, {
        title,
        moderateSummary: `moderate ${title}`,
        detailedSummary: `detailed ${title}`,
        fullTranscript: `GM: ${title}`,
        playedOn: '2026-11-20',
        storageKey: `audio/${title}.mp3`,
        sizeBytes: 2 ** 40,
      });
      sessionId = session.id;
    }
  });
  afterAll(() => app.close());

  it('leaves the transcript and the long summaries out of the web app list', async () => {
    let body: any;
    const { sql } = await countQueries(app, async () => {
      body = (await owner.client.gql('{ campaigns { id sessions { id title briefSummary summaryVeryShort } } }')).body;
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.campaigns[0].sessions.map((s: any) => s.title)).toEqual(['Bryn Shander', 'Targos']);
    const selects = sessionSelects(sql);
    expect(selects).toHaveLength(1);
    expect(selects[0]).toContain('brief_summary');
    expect(selects[0]).not.toMatch(/full_transcript|moderate_summary|detailed_summary/);
  });

  it('reads a long summary when the selection asks for it, through a fragment too', async () => {
    const res = await owner.client.gql(
      `{ campaigns { sessions { title ...Long } } }
       fragment Long on Session { detailedSummary }`,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.campaigns[0].sessions.map((s: any) => s.detailedSummary)).toEqual([
      'detailed Bryn Shander',
      'detailed Targos',
    ]);
  });

  it('answers a session in full after a list in the same request loaded it in part', async () => {
    const res = await owner.client.gql(
      `query($id: ID!) {
        campaigns { sessions { id title } }
        session(id: $id) { title moderateSummary detailedSummary }
      }`,
      { id: sessionId },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.session).toEqual({
      title: 'Targos',
      moderateSummary: 'moderate Targos',
      detailedSummary: 'detailed Targos',
    });
  });

  /** Every field of a type without arguments whose type is a scalar or an enum: new columns are covered too. */
  async function leafFields(type: string): Promise<string[]> {
    type TypeRef = { kind: string; ofType: TypeRef | null };
    const res = await owner.client.gql(
      `{ __type(name: "${type}") { fields { name args { name } type { kind ofType { kind ofType { kind } } } } } }`,
    );
    const leaf = (t: TypeRef): boolean => (t.ofType ? leaf(t.ofType) : t.kind === 'SCALAR' || t.kind === 'ENUM');
    return (res.body.data.__type.fields as Array<{ name: string; args: unknown[]; type: TypeRef }>)
      .filter((f) => !f.args.length && leaf(f.type))
      .map((f) => f.name);
  }

  it('answers every field of a listed session as the session query answers it', async () => {
    const fields = await leafFields('Session');
    expect(fields).toEqual(
      expect.arrayContaining(['sizeBytes', 'playedOn', 'createdAt', 'audioUrl', 'fullTranscript']),
    );
    const selection = `${fields.join(' ')} campaign { id }`;
    const res = await owner.client.gql(
      `query($id: ID!) { campaigns { id sessions { ${selection} } } session(id: $id) { ${selection} } }`,
      { id: sessionId },
    );
    expect(res.body.errors).toBeUndefined();
    const listed = res.body.data.campaigns[0].sessions.find((s: any) => s.id === sessionId);
    expect(listed).toEqual(res.body.data.session);
    expect(listed.campaign.id).toBe(res.body.data.campaigns[0].id);
  });

  it('answers every field of a listed campaign as the campaign query answers it', async () => {
    const selection = `${(await leafFields('Campaign')).join(' ')} summaries { type } shares { id } sessions { id }`;
    const list = await owner.client.gql(`{ campaigns { ${selection} } }`);
    expect(list.body.errors).toBeUndefined();
    const [listed] = list.body.data.campaigns;
    const one = await owner.client.gql(`query($id: ID!) { campaign(id: $id) { ${selection} } }`, { id: listed.id });
    expect(one.body.errors).toBeUndefined();
    expect(listed).toEqual(one.body.data.campaign);
    expect(listed).toMatchObject({ role: 'OWNER', title: 'Rime of the Frostmaiden' });
  });
});
