import { firstError } from '../../../test/accounts';
import { appWithUsers, createCampaign, createSession, createSharedCampaign } from '../../../test/factories';
import { HttpClient } from '../../../test/http-client';
import { ACCESS_MESSAGES } from '../../policy/policy';
import { PLAYED_ON_MESSAGES } from './played-on';
import { SessionStatus } from '../../kernel/entities/session.entity';

/** Session.playedOn, its edit by the owner, and the dashboard's latestSessions. */
const ctx = appWithUsers(['owner', 'recipient', 'stranger']);
let campaignId: string;

beforeAll(async () => {
  campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, 'Storm King');
});

const SET = 'mutation($id: ID!, $d: Date!) { updateSessionPlayedOn(id: $id, playedOn: $d) { id playedOn } }';
const PLAYED_ON = 'query($id: ID!) { session(id: $id) { playedOn createdAt } }';
const LATEST = 'query($n: Int) { latestSessions(limit: $n) { id title status campaign { id role } } }';

describe('Session.playedOn', () => {
  it('falls back to the upload day for a session without one', async () => {
    const s = await createSession(ctx.app, campaignId);
    const res = await ctx.owner.client.gql(PLAYED_ON, { id: s.id });
    expect(res.body.data.session.playedOn).toBe(res.body.data.session.createdAt.slice(0, 10));
  });

  it('the owner sets it; the recipient and strangers are refused as for other owner-only writes', async () => {
    const s = await createSession(ctx.app, campaignId);
    const set = await ctx.owner.client.gql(SET, { id: s.id, d: '2025-06-21' });
    expect(set.body).toEqual({ data: { updateSessionPlayedOn: { id: s.id, playedOn: '2025-06-21' } } });
    expect((await ctx.recipient.client.gql(PLAYED_ON, { id: s.id })).body.data.session.playedOn).toBe('2025-06-21');

    const byRecipient = await ctx.recipient.client.gql(SET, { id: s.id, d: '2020-01-01' });
    expect(firstError(byRecipient)).toMatchObject({ message: ACCESS_MESSAGES.readOnly, code: 'FORBIDDEN' });
    const byStranger = await ctx.stranger.client.gql(SET, { id: s.id, d: '2020-01-01' });
    expect(firstError(byStranger)).toMatchObject({ message: ACCESS_MESSAGES.sessionNotFound, code: 'NOT_FOUND' });
    expect((await ctx.owner.client.gql(PLAYED_ON, { id: s.id })).body.data.session.playedOn).toBe('2025-06-21');
  });

  it('refuses a date that is not a real day, or out of range, with a clear message', async () => {
    const s = await createSession(ctx.app, campaignId);
    for (const [d, message] of [
      ['2025-04-31', PLAYED_ON_MESSAGES.invalid],
      ['soon', PLAYED_ON_MESSAGES.invalid],
      ['1899-05-01', PLAYED_ON_MESSAGES.tooEarly],
      ['2999-05-01', PLAYED_ON_MESSAGES.future],
    ]) {
      const res = await ctx.owner.client.gql(SET, { id: s.id, d });
      expect(firstError(res)).toEqual({ message, code: 'BAD_USER_INPUT', field: 'playedOn' });
    }
  });
});

describe('latestSessions', () => {
  it("lists the newest of the viewer's own and shared sessions, no one else's, newest first", async () => {
    const other = await createCampaign(ctx.recipient, 'Recipient own');
    const strangers = await createCampaign(ctx.stranger, 'Not yours');
    const base = Date.now() + 3600_000;
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const shared = await createSession(ctx.app, campaignId, { title: 'Shared one', createdAt: at(1) });
    const own = await createSession(ctx.app, other, {
      title: 'Own one',
      createdAt: at(2),
      status: SessionStatus.PROCESSING,
    });
    const hidden = await createSession(ctx.app, strangers, { title: 'Hidden', createdAt: at(3) });

    const res = await ctx.recipient.client.gql(LATEST, { n: 2 });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.latestSessions).toEqual([
      { id: own.id, title: 'Own one', status: 'PROCESSING', campaign: { id: other, role: 'OWNER' } },
      { id: shared.id, title: 'Shared one', status: 'READY', campaign: { id: campaignId, role: 'RECIPIENT' } },
    ]);
    const all = await ctx.recipient.client.gql(LATEST, { n: 20 });
    expect(all.body.data.latestSessions.map((s: { id: string }) => s.id)).not.toContain(hidden.id);
    const strangerSees = await ctx.stranger.client.gql(LATEST, {});
    expect(strangerSees.body.data.latestSessions.map((s: { id: string }) => s.id)).toEqual([hidden.id]);
  });

  it('defaults to 5, refuses more than 20, and needs a sign-in', async () => {
    for (let i = 0; i < 6; i++) await createSession(ctx.app, campaignId, { title: `Bulk ${i}` });
    expect((await ctx.owner.client.gql(LATEST, {})).body.data.latestSessions).toHaveLength(5);
    expect(firstError(await ctx.owner.client.gql(LATEST, { n: 21 }))).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'limit',
    });
    expect(firstError(await ctx.owner.client.gql(LATEST, { n: 0 }))).toMatchObject({ code: 'BAD_USER_INPUT' });
    const signedOut = await new HttpClient(ctx.owner.client.baseUrl).gql(LATEST, {});
    expect(firstError(signedOut)).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
