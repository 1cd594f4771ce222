import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { addLines, appWithUsers, createSession, createSharedCampaign, type TestUser } from '../../../test/factories';

/*
 * Campaign and session exports over REST, as a reader downloads them: the vault opens to linked
 * notes, the in-game lines only, and a recipient's export holds nothing the owner keeps GM-only.
 */

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);

async function session(campaignId: string, title: string, lines: Array<string | [string, 'table']>) {
  const created = await createSession(ctx.app, campaignId, { title, briefSummary: `<p>${title} in brief.</p>` });
  await addLines(ctx.app, created.id, lines, 61_000);
  return created.id;
}

async function download(user: TestUser | null, path: string) {
  const cookie = user ? [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await fetch(`${ctx.app.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function sharedCampaign() {
  const campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, `Ember Road ${randomUUID().slice(0, 4)}`);
  const first = await session(campaignId, 'The Gate', [
    'You reach the walls of Morrowgate.',
    ['Who wants pizza? Ordering now.', 'table'],
    'A scarred woman named Vessaline blocks the road.',
  ]);
  const second = await session(campaignId, 'The Marsh', [
    'Vessaline rides with you to Duskhollow, where Kragmaw waits.',
  ]);
  return { campaignId, first, second };
}

it('a vault opens to linked notes of the sessions and the index, in-game lines only', async () => {
  const { campaignId } = await sharedCampaign();
  const res = await download(ctx.owner, `/api/campaigns/${campaignId}/vault.zip`);
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/zip');
  const files = unzipSync(res.bytes);
  const root = Object.keys(files)[0].split('/')[0];
  const note = (path: string) => strFromU8(files[`${root}/${path}`]);
  expect(Object.keys(files).map((p) => p.slice(root.length + 1))).toEqual([
    `${root}.md`,
    'Sessions/01 The Gate.md',
    'Sessions/02 The Marsh.md',
    'Index/Morrowgate.md',
    'Index/Vessaline.md',
    'Index/Duskhollow.md',
    'Index/Kragmaw.md',
  ]);
  expect(note('Sessions/01 The Gate.md')).toContain('A scarred woman named [[Index/Vessaline]] blocks the road.');
  expect(note('Sessions/01 The Gate.md')).toContain('The Gate in brief.');
  expect(note('Sessions/01 The Gate.md')).not.toContain('pizza');
  expect(note('Index/Vessaline.md')).toContain('[[Sessions/02 The Marsh|The Marsh]]');
});

it("the vault's home note opens with the campaign's brief summary", async () => {
  const { campaignId } = await sharedCampaign();
  const edit = await ctx.owner.client.post(`/api/update_campaign_summary/${campaignId}/briefSummary/`, {
    new_text: 'The road so far: a gate, a marsh and a warlord waiting.',
  });
  expect(edit.status).toBe(200);
  const files = unzipSync((await download(ctx.owner, `/api/campaigns/${campaignId}/vault.zip`)).bytes);
  const root = Object.keys(files)[0].split('/')[0];
  expect(strFromU8(files[`${root}/${root}.md`])).toContain('The road so far: a gate, a marsh and a warlord waiting.');
});

it("a recipient's exports leave out GM-only entries; strangers get the same 404 as for nothing", async () => {
  const { campaignId, second } = await sharedCampaign();
  const index = await ctx.owner.client.gql(`query($id: ID!) { campaign(id: $id) { index { id name } } }`, {
    id: campaignId,
  });
  const kragmaw = index.body.data.campaign.index.find((e: { name: string }) => e.name === 'Kragmaw');
  await ctx.owner.client.gql(`mutation($id: ID!) { updateIndexEntry(id: $id, input: { gmOnly: true }) { id } }`, {
    id: kragmaw.id,
  });

  const theirs = unzipSync((await download(ctx.recipient, `/api/campaigns/${campaignId}/vault.zip`)).bytes);
  const paths = Object.keys(theirs);
  expect(paths.some((p) => p.endsWith('/Index/Vessaline.md'))).toBe(true);
  expect(paths.some((p) => p.includes('Kragmaw'))).toBe(false);
  expect(
    Object.values(theirs)
      .map((bytes) => strFromU8(bytes))
      .join('\n'),
  ).not.toContain('[[Index/Kragmaw');
  const markdown = new TextDecoder().decode(
    (await download(ctx.recipient, `/api/campaigns/${campaignId}/export.md`)).bytes,
  );
  expect(markdown).toContain('# The Marsh');
  expect(markdown).not.toContain('[[Index/Kragmaw');
  const mine = unzipSync((await download(ctx.owner, `/api/campaigns/${campaignId}/vault.zip`)).bytes);
  expect(Object.keys(mine).some((p) => p.endsWith('/Index/Kragmaw.md'))).toBe(true);

  const sessionMd = await download(ctx.recipient, `/api/sessions/${second}/export.md`);
  expect(sessionMd.status).toBe(200);
  expect(new TextDecoder().decode(sessionMd.bytes)).toContain('`00:00:00` Vessaline rides with you to Duskhollow');

  const answers = new Set<string>();
  for (const path of [
    `/api/campaigns/${campaignId}/vault.zip`,
    `/api/campaigns/${randomUUID()}/vault.zip`,
    `/api/campaigns/not-an-id/vault.zip`,
    `/api/campaigns/${campaignId}/export.md`,
  ]) {
    const res = await download(ctx.stranger, path);
    answers.add(`${res.status} ${new TextDecoder().decode(res.bytes)}`);
  }
  expect([...answers]).toEqual([expect.stringMatching(/^404 .*Campaign not found/)]);
  expect((await download(null, `/api/campaigns/${campaignId}/vault.zip`)).status).toBe(401);
});
