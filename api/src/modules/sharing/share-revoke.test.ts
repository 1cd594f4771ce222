import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startTestApp } from '../../../test/app';
import { countRows, registration } from '../../../test/accounts';
import { appWithUsers, createCampaign, createSession, createUser, type TestUser } from '../../../test/factories';
import { createStorage } from '../../storage/create-storage';
import { sessionAudioKey } from '../../storage/storage-key';
import type { AudioStorage } from '../../storage/storage';

/*
 * Sharing you can see and undo (issue 25): the owner lists who has access, since when and whether
 * they opened it, and takes a share back; from that moment the recipient reads, lists and streams
 * nothing of the campaign, exactly as a stranger. GraphQL and REST are the same service.
 */

const SHARE = 'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }';
const SHARES = 'query($id: ID!) { campaign(id: $id) { shares { id recipientEmail createdAt seenAt } } }';
const REVOKE = 'mutation($id: ID!) { revokeShare(shareId: $id) }';
const RECEIVED = '{ sharedCampaigns { id seen sharedAt campaign { id } } }';
const SEEN = 'mutation($id: ID!) { markSharedCampaignSeen(shareId: $id) { id seen campaign { id title } } }';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-audio-'));
const ctx = appWithUsers(['owner', 'stranger'], () => startTestApp({ STORAGE_DIR: storageDir }));
let storage: AudioStorage;

beforeAll(() => {
  storage = createStorage(ctx.app.config);
});
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

/** A campaign of the owner's, shared with `recipient`, holding a session with a stored recording. */
async function sharedWith(recipient: TestUser, title = 'The Ember Crown') {
  const campaignId = await createCampaign(ctx.owner, title);
  const shareId = (await ctx.owner.client.gql(SHARE, { c: campaignId, e: recipient.email })).body.data.shareCampaign
    .id as string;
  const sessionId = (await createSession(ctx.app, campaignId)).id;
  const key = sessionAudioKey(sessionId, '.mp3');
  await storage.put(key, Readable.from([Buffer.alloc(2048, 1)]));
  await ctx.app.orm.em.fork().execute('update sessions set storage_key = ? where id = ?', [key, sessionId]);
  return { campaignId, shareId, sessionId };
}

/** Everything the recipient can reach of the campaign, as status codes and error codes. */
async function reach(user: TestUser, w: { campaignId: string; sessionId: string }) {
  const campaign = await user.client.gql('query($id: ID!) { campaign(id: $id) { id } }', { id: w.campaignId });
  const session = await user.client.gql('query($id: ID!) { session(id: $id) { id } }', { id: w.sessionId });
  const listed = await user.client.gql(RECEIVED);
  return {
    campaign: campaign.body.errors?.[0]?.extensions?.code ?? 'ok',
    session: session.body.errors?.[0]?.extensions?.code ?? 'ok',
    listed: listed.body.data.sharedCampaigns.some((s: { campaign: { id: string } }) => s.campaign.id === w.campaignId),
    details: (await user.client.get(`/api/get_shared_campaign_details/${w.campaignId}/`)).status,
    audio: (await user.client.get(`/api/sessions/${w.sessionId}/audio`)).status,
  };
}

const REACHABLE = { campaign: 'ok', session: 'ok', listed: true, details: 200, audio: 200 };
const GONE = { campaign: 'NOT_FOUND', session: 'NOT_FOUND', listed: false, details: 404, audio: 404 };

it('the owner lists each recipient with since when and whether they opened it; opening marks it once', async () => {
  const recipient = await createUser(ctx.app);
  const w = await sharedWith(recipient);
  const invited = `invited.${randomUUID()}@example.com`;
  await ctx.owner.client.gql(SHARE, { c: w.campaignId, e: invited });

  const listed = await ctx.owner.client.gql(SHARES, { id: w.campaignId });
  expect(listed.body.data.campaign.shares).toEqual([
    { id: w.shareId, recipientEmail: recipient.email, createdAt: expect.any(String), seenAt: null },
    { id: expect.any(String), recipientEmail: invited, createdAt: expect.any(String), seenAt: null },
  ]);
  // The REST shim gives the same list.
  const rest = await ctx.owner.client.get(`/api/get_campaign_shares/${w.campaignId}/`);
  expect(rest.status).toBe(200);
  expect(rest.body.shares).toEqual(
    listed.body.data.campaign.shares.map((s: any) => ({
      share_id: s.id,
      recipient_email: s.recipientEmail,
      shared_at: s.createdAt,
      seen_at: null,
    })),
  );

  // The recipient sees it as new until they open it; a second opening keeps the first time.
  expect((await recipient.client.gql(RECEIVED)).body.data.sharedCampaigns).toEqual([
    { id: w.shareId, seen: false, sharedAt: expect.any(String), campaign: { id: w.campaignId } },
  ]);
  const opened = await recipient.client.gql(SEEN, { id: w.shareId });
  expect(opened.body).toEqual({
    data: {
      markSharedCampaignSeen: { id: w.shareId, seen: true, campaign: { id: w.campaignId, title: 'The Ember Crown' } },
    },
  });
  expect((await recipient.client.gql(RECEIVED)).body.data.sharedCampaigns[0].seen).toBe(true);
  const seenAt = (await ctx.owner.client.gql(SHARES, { id: w.campaignId })).body.data.campaign.shares[0].seenAt;
  expect(Date.parse(seenAt)).not.toBeNaN();
  await recipient.client.gql(SEEN, { id: w.shareId });
  expect((await ctx.owner.client.get(`/api/get_campaign_shares/${w.campaignId}/`)).body.shares[0].seen_at).toBe(seenAt);

  // Who else has access is not the recipient's to see.
  expect((await recipient.client.gql(SHARES, { id: w.campaignId })).body).toEqual({
    data: { campaign: { shares: [] } },
  });
  expect((await recipient.client.get(`/api/get_campaign_shares/${w.campaignId}/`)).body).toEqual({ shares: [] });
});

it('revokeShare takes access away at once: reads, the list, the details and the audio', async () => {
  const recipient = await createUser(ctx.app);
  const w = await sharedWith(recipient);
  expect(await reach(recipient, w)).toEqual(REACHABLE);

  expect((await ctx.owner.client.gql(REVOKE, { id: w.shareId })).body).toEqual({ data: { revokeShare: true } });
  expect(await reach(recipient, w)).toEqual(GONE);
  // Exactly what a stranger, and a session that does not exist, get.
  expect(await reach(ctx.stranger, w)).toEqual(GONE);
  const audio = await recipient.client.get(`/api/sessions/${w.sessionId}/audio`);
  const missing = await recipient.client.get(`/api/sessions/${randomUUID()}/audio`);
  expect(audio.body).toEqual(missing.body);
  expect((await ctx.owner.client.gql(SHARES, { id: w.campaignId })).body.data.campaign.shares).toEqual([]);
  expect(await reach(ctx.owner, w)).toMatchObject({ campaign: 'ok', session: 'ok', audio: 200 });

  // Gone for good: a second revoke, and the recipient's own removal, find nothing.
  const again = await ctx.owner.client.gql(REVOKE, { id: w.shareId });
  expect(again.body.errors?.[0]).toMatchObject({ message: 'Share not found', extensions: { code: 'NOT_FOUND' } });
  const leave = await recipient.client.gql('mutation($id: ID!) { removeSharedCampaign(shareId: $id) }', {
    id: w.shareId,
  });
  expect(leave.body.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });

  // Shared again, it is a new share and access is back.
  const reshared = await ctx.owner.client.gql(SHARE, { c: w.campaignId, e: recipient.email });
  expect(reshared.body.data.shareCampaign.id).not.toBe(w.shareId);
  expect(await reach(recipient, w)).toEqual(REACHABLE);
});

it('POST /api/revoke_share/{id}/: only the owner; the recipient and strangers get the same 404 as a missing share', async () => {
  const recipient = await createUser(ctx.app);
  const w = await sharedWith(recipient);
  const missing = await ctx.owner.client.post(`/api/revoke_share/${randomUUID()}/`);
  expect(missing.status).toBe(404);
  expect(missing.body).toEqual({ error: 'Share not found', code: 'NOT_FOUND' });
  for (const who of [recipient, ctx.stranger]) {
    const res = await who.client.post(`/api/revoke_share/${w.shareId}/`);
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: missing.body });
  }
  expect(await countRows(ctx.app, 'campaign_shares', 'id = ?', [w.shareId])).toBe(1);

  const res = await ctx.owner.client.post(`/api/revoke_share/${w.shareId}/`);
  expect({ status: res.status, body: res.body }).toEqual({
    status: 200,
    body: { success: true, message: 'Share removed' },
  });
  expect(await countRows(ctx.app, 'campaign_shares', 'id = ?', [w.shareId])).toBe(0);
  expect(await reach(recipient, w)).toEqual(GONE);
  expect((await ctx.owner.client.get(`/api/get_campaign_shares/${w.campaignId}/`)).body).toEqual({ shares: [] });
});

it('a share waiting for an address with no account can be revoked before anyone registers', async () => {
  const email = `later.${randomUUID()}@example.com`;
  const campaignId = await createCampaign(ctx.owner, 'Never mind');
  const shareId = (await ctx.owner.client.gql(SHARE, { c: campaignId, e: email })).body.data.shareCampaign.id;
  expect((await ctx.owner.client.gql(REVOKE, { id: shareId })).body).toEqual({ data: { revokeShare: true } });
  const newcomer = await createUser(ctx.app, registration({ email }));
  expect((await newcomer.client.gql(RECEIVED)).body.data.sharedCampaigns).toEqual([]);
});
