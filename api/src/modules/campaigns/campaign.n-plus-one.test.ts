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

/** Seeding 55 campaigns over HTTP takes a while on a loaded machine. */
const SEEDING_TIMEOUT = 120_000;

/** A user with `n` campaigns of two sessions, a summary and a share each (to `shareWith` when given). */
async function userWithCampaigns(app: TestApp, n: number, shareWith?: string): Promise<TestUser> {
  const user = await createUser(app);
  for (let i = 0; i < n; i++) {
    const id = await createCampaign(user, `Campaign ${i}`);
    await createSession(app, id, { title: `S${i}a` });
    await createSession(app, id, { title: `S${i}b` });
    await user.client.post(`/api/update_campaign_summary/${id}/briefSummary/`, { new_text: `brief ${i}` });
    await user.client.post('/api/share_campaign/', {
      campaign_id: id,
      recipient_email: shareWith ?? `friend${i}@example.com`,
    });
  }
  return user;
}

describe('listing campaigns with their sessions through GraphQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it(
    'costs the same small number of SQL queries for 5 and for 50 campaigns (no N+1)',
    async () => {
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
      // A list never reads the sessions' whole transcripts (hundreds of KB each for long nights).
      const sessionsQuery = large.sql.find((q) => q.includes('from "sessions"'))!;
      expect(sessionsQuery).not.toMatch(/full_transcript|\.\*/);
    },
    SEEDING_TIMEOUT,
  );

  it(
    'costs the same small number of SQL queries for 5 and for 50 shared campaigns of a recipient',
    async () => {
      const SHARED = '{ sharedCampaigns { id campaign { id title role sessions { id title } summaries { type } } } }';
      const run = async (n: number) => {
        const recipient = await createUser(app);
        await userWithCampaigns(app, n, recipient.email);
        await recipient.client.csrfToken(); // fetched outside the count: it is a request of its own
        let body: any;
        const { count } = await countQueries(app, async () => {
          body = (await recipient.client.gql(SHARED)).body;
        });
        expect(body.data.sharedCampaigns).toHaveLength(n);
        expect(
          body.data.sharedCampaigns.every(
            (s: any) => s.campaign.role === 'RECIPIENT' && s.campaign.sessions.length === 2,
          ),
        ).toBe(true);
        return count;
      };
      // The login session, unclaimed shares by e-mail, the shares, their campaigns, sessions, summaries.
      expect(await run(5)).toBe(6);
      expect(await run(50)).toBe(6);
    },
    SEEDING_TIMEOUT,
  );
});
