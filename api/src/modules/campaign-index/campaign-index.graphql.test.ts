import { randomUUID } from 'node:crypto';
import { addLines, appWithUsers, createCampaign, createSession, type TestUser } from '../../../test/factories';
import { TranscriptService } from '../transcripts/transcript.service';

/*
 * The campaign index over GraphQL: built from the in-game lines, current after every change to
 * them, edited by the owner (edits survive rebuilds), and read by recipients without what the
 * owner hid or keeps GM-only — an entry they may not see is "not found" like one that never was.
 */

const INDEX = `query($id: ID!, $hidden: Boolean) { campaign(id: $id) { index(includeHidden: $hidden) {
  id name foundName kind description notes hidden gmOnly variants mentionCount
  firstSession { id title } lastSession { id title }
  mentions { lineId text lineText startMs session { id } } } } }`;
const ENTRY = `query($id: ID!) { indexEntry(id: $id) { id name kind } }`;
const UPDATE = `mutation($id: ID!, $input: IndexEntryInput!) {
  updateIndexEntry(id: $id, input: $input) { id name kind hidden gmOnly notes } }`;
const MERGE = `mutation($id: ID!, $into: ID!) { mergeIndexEntry(id: $id, intoId: $into) { id name variants mentionCount } }`;

interface Entry {
  id: string;
  name: string;
  foundName: string;
  kind: string;
  description: string;
  notes: string;
  hidden: boolean;
  gmOnly: boolean;
  variants: string[];
  mentionCount: number;
  firstSession: { id: string; title: string } | null;
  lastSession: { id: string; title: string } | null;
  mentions: Array<{ lineId: string; text: string; lineText: string; startMs: number; session: { id: string } }>;
}

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);

async function session(campaignId: string, lines: Array<string | [string, 'table']>): Promise<string> {
  const created = await createSession(ctx.app, campaignId);
  await addLines(ctx.app, created.id, lines);
  return created.id;
}

async function sharedCampaign(): Promise<string> {
  const campaignId = await createCampaign(ctx.owner, `Index ${randomUUID().slice(0, 8)}`);
  const res = await ctx.owner.client.gql(
    'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
    {
      c: campaignId,
      e: ctx.recipient.email,
    },
  );
  expect(res.body.errors).toBeUndefined();
  return campaignId;
}

async function indexOf(user: TestUser, campaignId: string, hidden = false): Promise<Entry[]> {
  const res = await user.client.gql(INDEX, { id: campaignId, hidden });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.campaign.index;
}

const named = (entries: Entry[], name: string) => entries.find((e) => e.name === name)!;

it('lists the names of the in-game lines, each mention linked to its line, kept current as lines change', async () => {
  const campaignId = await sharedCampaign();
  const first = await session(campaignId, [
    'You reach the gates of Morrowgate at dusk.',
    ['Did anyone see the game on Saturday? Morrowgate is a silly name.', 'table'],
    'The gate captain, a scarred woman named Vessaline, blocks the road.',
  ]);
  const second = await session(campaignId, ['Vessaline rides north to Duskhollow with the Ember Blade.']);

  const entries = await indexOf(ctx.owner, campaignId);
  expect(entries.map((e) => e.name)).toEqual(['Morrowgate', 'Vessaline', 'Duskhollow', 'Ember Blade']);
  const morrowgate = named(entries, 'Morrowgate');
  expect(morrowgate.kind).toBe('PLACE');
  // Table talk is not the story: its mention of Morrowgate is not indexed.
  expect(morrowgate.mentions).toHaveLength(1);
  expect(morrowgate.mentions[0]).toMatchObject({ text: 'Morrowgate', startMs: 0, session: { id: first } });
  const vessaline = named(entries, 'Vessaline');
  expect(vessaline).toMatchObject({
    kind: 'NPC',
    mentionCount: 2,
    firstSession: { id: first },
    lastSession: { id: second },
  });
  expect(vessaline.description).toContain('a scarred woman named Vessaline');
  const lines = await ctx.owner.client.gql('query($id: ID!) { session(id: $id) { transcriptLines { id text } } }', {
    id: first,
  });
  const line = lines.body.data.session.transcriptLines.find((l: { text: string }) => l.text.includes('Vessaline'));
  expect(vessaline.mentions[0].lineId).toBe(line.id);
  expect(named(entries, 'Ember Blade').kind).toBe('ITEM');

  // An edit of a line (here straight in the table, as any writer would) brings its name in.
  await ctx.app.orm.em
    .fork()
    .execute(
      `update transcript_segments set text = 'Vessaline and Quillon reach Morrowgate.' where session_id = ? and position = 1`,
      [first],
    );
  await ctx.app.orm.em
    .fork()
    .execute('update transcript_segments set table_talk = false where session_id = ? and position = 1', [first]);
  const after = await indexOf(ctx.owner, campaignId);
  expect(named(after, 'Quillon')).toBeDefined();
  expect(named(after, 'Morrowgate').mentionCount).toBe(2);
  // Entry ids stay the same across rebuilds.
  expect(named(after, 'Vessaline').id).toBe(vessaline.id);
});

it('keeps owner edits and merges through rebuilds; recipients never see hidden or GM-only entries', async () => {
  const campaignId = await sharedCampaign();
  const first = await session(campaignId, [
    'Kragmaw, the orc warlord, burned the village.',
    'Grimble says the clan of Kragmaw rides at dawn.',
    'The dwarf Thorin swears to find Gramps a new home.',
  ]);
  let entries = await indexOf(ctx.owner, campaignId);
  const grimble = named(entries, 'Grimble');
  const thorin = named(entries, 'Thorin');
  const gramps = named(entries, 'Gramps');

  let res = await ctx.owner.client.gql(UPDATE, { id: thorin.id, input: { kind: 'CHARACTER', notes: 'Played by Sam' } });
  expect(res.body.errors).toBeUndefined();
  res = await ctx.owner.client.gql(UPDATE, { id: grimble.id, input: { gmOnly: true, name: 'Grimble the Hermit' } });
  expect(res.body.data.updateIndexEntry).toMatchObject({ name: 'Grimble the Hermit', gmOnly: true });
  // "Gramps" is what the players call Grimble: the owner merges the two.
  res = await ctx.owner.client.gql(MERGE, { id: gramps.id, into: grimble.id });
  expect(res.body.data.mergeIndexEntry).toMatchObject({ id: grimble.id, mentionCount: 2, variants: ['Gramps'] });
  const kragmaw = named(entries, 'Kragmaw');
  res = await ctx.owner.client.gql(UPDATE, { id: kragmaw.id, input: { hidden: true } });
  expect(res.body.errors).toBeUndefined();

  // A new session rebuilds the index; the edits hold.
  await session(campaignId, ['Grimble and Thorin cross the river.']);
  entries = await indexOf(ctx.owner, campaignId);
  expect(named(entries, 'Thorin')).toMatchObject({ kind: 'CHARACTER', notes: 'Played by Sam', mentionCount: 2 });
  expect(named(entries, 'Grimble the Hermit')).toMatchObject({
    gmOnly: true,
    foundName: 'Grimble',
    mentionCount: 3,
  });
  expect(entries.find((e) => e.name === 'Kragmaw' || e.name === 'Gramps')).toBeUndefined();
  expect((await indexOf(ctx.owner, campaignId, true)).find((e) => e.name === 'Kragmaw')).toMatchObject({
    hidden: true,
  });

  // The first session processed again (a retry writes all its lines anew, new line ids): the edits still hold.
  await new TranscriptService(ctx.app.orm.em.fork()).replaceLines(
    first,
    [
      'Kragmaw, the orc warlord, burned the village.',
      'Grimble says the clan of Kragmaw rides at dawn.',
      'The dwarf Thorin swears to find Gramps a new home.',
    ].map((text, i) => ({ text, startMs: i * 5000, endMs: i * 5000 + 4000, words: [] })),
  );
  const reprocessed = await indexOf(ctx.owner, campaignId, true);
  expect(named(reprocessed, 'Thorin')).toMatchObject({ id: thorin.id, kind: 'CHARACTER', notes: 'Played by Sam' });
  expect(named(reprocessed, 'Grimble the Hermit')).toMatchObject({ id: grimble.id, gmOnly: true, mentionCount: 3 });
  expect(reprocessed.find((e) => e.name === 'Kragmaw')).toMatchObject({ hidden: true });
  expect(reprocessed.find((e) => e.name === 'Gramps')).toBeUndefined();

  // The recipient: no hidden, no GM-only entry, not even with includeHidden or by id.
  const theirs = await indexOf(ctx.recipient, campaignId, true);
  expect(theirs.map((e) => e.name)).toEqual(['Thorin']);
  for (const id of [grimble.id, kragmaw.id]) {
    const byId = await ctx.recipient.client.gql(ENTRY, { id });
    expect(byId.body.errors?.[0]?.message).toBe('Index entry not found');
  }
  const visible = await ctx.recipient.client.gql(ENTRY, { id: thorin.id });
  expect(visible.body.data.indexEntry.name).toBe('Thorin');
  // Recipients read only.
  res = await ctx.recipient.client.gql(UPDATE, { id: thorin.id, input: { name: 'Mine' } });
  expect(res.body.errors?.[0]?.message).toBe('This campaign is shared with you read-only');
});

it('gives strangers the same "not found" for a real entry as for any id, and validates edits', async () => {
  const campaignId = await sharedCampaign();
  await session(campaignId, ['Vessaline waits at the gate of Morrowgate.']);
  const [entry, other] = await indexOf(ctx.owner, campaignId);
  const refusals = [];
  for (const id of [entry.id, randomUUID(), 'not-a-uuid']) {
    for (const [query, vars] of [
      [ENTRY, { id }],
      [UPDATE, { id, input: { name: 'X' } }],
      [MERGE, { id, into: other.id }],
    ] as const) {
      const res = await ctx.stranger.client.gql(query, vars);
      refusals.push(res.body.errors?.[0]?.message);
    }
  }
  expect(new Set(refusals)).toEqual(new Set(['Index entry not found']));
  const index = await ctx.stranger.client.gql(INDEX, { id: campaignId });
  expect(index.body.errors?.[0]?.message).toBe('Campaign not found');

  const bad = async (input: object) =>
    (await ctx.owner.client.gql(UPDATE, { id: entry.id, input })).body.errors?.[0]?.message;
  expect(await bad({ name: '   ' })).toBe('A name cannot be empty');
  expect(await bad({ name: 'x'.repeat(121) })).toBe('Names must be at most 120 characters');
  expect(await bad({ notes: 'x'.repeat(5001) })).toBe('Notes must be at most 5000 characters');
  expect(await bad({})).toBe('Give a name, a kind, hidden, GM-only or notes to change');
  const self = await ctx.owner.client.gql(MERGE, { id: entry.id, into: entry.id });
  expect(self.body.errors?.[0]?.message).toBe('An entry cannot be merged into itself');
  // null restores what was found.
  await ctx.owner.client.gql(UPDATE, { id: entry.id, input: { name: 'Renamed' } });
  const restored = await ctx.owner.client.gql(UPDATE, { id: entry.id, input: { name: null } });
  expect(restored.body.data.updateIndexEntry.name).toBe(entry.name);
});

it('recaps the last session with the quests and promises still open, for the owner and recipients', async () => {
  const campaignId = await sharedCampaign();
  await session(campaignId, [
    'The innkeeper Marta asks you to find her missing son, Pell.',
    'We promise to bring the silver chalice back to the temple.',
  ]);
  const last = await session(campaignId, ['After a long search you found Pell in the caves.']);
  await ctx.app.orm.em
    .fork()
    .execute(`update sessions set brief_summary = 'Pell is found.', status = 'READY' where id = ?`, [last]);
  const RECAP = `query($id: ID!) { campaign(id: $id) { recap { lastSession { id } briefSummary
    openThreads { kind text session { title } lineId startMs } } } }`;
  for (const user of [ctx.owner, ctx.recipient]) {
    const res = await user.client.gql(RECAP, { id: campaignId });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.campaign.recap).toMatchObject({
      lastSession: { id: last },
      briefSummary: 'Pell is found.',
      openThreads: [
        { kind: 'promise', text: 'We promise to bring the silver chalice back to the temple.', startMs: 5000 },
      ],
    });
  }
  const refused = await ctx.stranger.client.gql(RECAP, { id: campaignId });
  expect(refused.body.errors?.[0]?.message).toBe('Campaign not found');
});
