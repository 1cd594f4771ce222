import { startTestApp, type TestApp } from '../../../test/app';
import { countQueries, createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';

const LIST = `{
  campaigns {
    id title role lastEditedAt
    sessions { id title status briefSummary campaign { id title } }
    summaries { id type text }
    shares { id recipientEmail }
  }
}`;

/** A user with `n` campaigns of two sessions, a summary and a share each. */
async function userWithCampaigns(app: TestApp, n: number): Promise<TestUser> {
  const user = await createUser(app);
  for (let i = 0; i < n; i++) {
    const id = await createCampaign(user, `Campaign ${i}`);
    await createSession(app, id, { title: `S${i}a` });
    await createSession(app, id, { title: `S${i}b` });
    await user.client.post(`/api/update_campaign_summary/${id}/briefSummary/`, { new_text: `brief ${i}` });
    await user.client.post('/api/share_campaign/', { campaign_id: id, recipient_email: `friend${i}@example.com` });
  }
  return user;
}

describe('listing campaigns with their sessions through GraphQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('costs the same small number of SQL queries for 5 and for 50 campaigns (no N+1)', async () => {
    const few = await userWithCampaigns(app, 5);
    const many = await userWithCampaigns(app, 50);
    const run = async (user: TestUser, n: number) => {
      let body: any;
      const { count, sql } = await countQueries(app, async () => {
        body = (await user.client.gql(LIST)).body;
      });
      expect(body.errors).toBeUndefined();
      expect(body.data.campaigns).toHaveLength(n);
      expect(body.data.campaigns.every((c: any) => c.sessions.length === 2 && c.summaries.length === 1)).toBe(true);
      expect(body.data.campaigns.every((c: any) => c.shares.length === 1 && c.role === 'OWNER')).toBe(true);
      return { count, sql };
    };
    const small = await run(few, 5);
    const large = await run(many, 50);
    // The login session (with its user), the campaigns, then one batched query each for sessions,
    // summaries and shares; Session.campaign is answered from the identity map.
    expect(small.count).toBe(5);
    expect(large.count).toBe(5);
    expect(large.sql.filter((q) => q.includes('from "sessions"'))).toHaveLength(1);
  });
});
