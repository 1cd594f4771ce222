import { randomUUID } from 'node:crypto';
import { addLines, appWithUsers, createSession, createSharedCampaign, type TestUser } from '../../../test/factories';
import { collect, eventually, subscriptionClient } from '../../../test/processing';
import { answer } from '../../../test/qa-campaigns';
import { addTranscript, grantQaAccess } from '../../../test/transcripts';
import { addToCast } from './cast.service';

/*
 * A campaign's cast over GraphQL: the voices the pipeline heard (addToCast, as the processing of
 * a multi-track upload calls it) named by the owner, shown on every line of every session of the
 * campaign, pushed to watchers, and guarded by the one policy like every other campaign content.
 */

const CAST = `query($id: ID!) { campaign(id: $id) { cast { id label playerName characterName role displayName } } }`;
const LINES = `query($id: ID!) { session(id: $id) { transcriptLines { text speaker { label displayName } } } }`;
const UPDATE = `mutation($id: ID!, $input: SpeakerInput!) {
  updateSpeaker(id: $id, input: $input) { id label playerName characterName role displayName }
}`;

interface Speaker {
  id: string;
  label: string;
  playerName: string | null;
  characterName: string | null;
  role: 'GM' | 'PLAYER';
  displayName: string;
}

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);

/** A READY session whose lines carry speaker labels, as a multi-track upload leaves them. */
async function spokenSession(campaignId: string, lines: Array<[string, string]>): Promise<string> {
  const session = await createSession(ctx.app, campaignId);
  await addLines(
    ctx.app,
    session.id,
    lines.map(([speaker, text]) => ({ text, speaker })),
  );
  await addToCast(ctx.app.orm.em.fork(), campaignId, [...new Set(lines.map(([s]) => s))]);
  return session.id;
}

async function castOf(user: TestUser, campaignId: string): Promise<Speaker[]> {
  const res = await user.client.gql(CAST, { id: campaignId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.campaign.cast;
}

async function sharedCampaign(): Promise<string> {
  const campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, `Cast ${randomUUID().slice(0, 8)}`);
  return campaignId;
}

it('names speakers once for every line of every session of the campaign, recipients included', async () => {
  const campaignId = await sharedCampaign();
  const first = await spokenSession(campaignId, [
    ['dana', 'You reach the gates of Morrowgate.'],
    ['sam', 'I promise the innkeeper to bring back her ring.'],
    [null as unknown as string, 'A line no track claims.'],
  ]);
  const cast = await castOf(ctx.owner, campaignId);
  expect(cast.map((s) => [s.label, s.displayName, s.role])).toEqual([
    ['dana', 'dana', 'PLAYER'],
    ['sam', 'sam', 'PLAYER'],
  ]);

  const [dana, sam] = cast;
  const gm = await ctx.owner.client.gql(UPDATE, { id: dana.id, input: { playerName: 'Dana', role: 'GM' } });
  expect(gm.body.data.updateSpeaker).toMatchObject({ role: 'GM', playerName: 'Dana', displayName: 'GM (Dana)' });
  const lyra = await ctx.owner.client.gql(UPDATE, {
    id: sam.id,
    input: { playerName: '  Sam  ', characterName: 'Lyra   Brightwind' },
  });
  expect(lyra.body.data.updateSpeaker).toMatchObject({
    playerName: 'Sam',
    characterName: 'Lyra Brightwind',
    displayName: 'Lyra Brightwind (Sam)',
  });

  // The next session's voices are already named: the mapping belongs to the campaign.
  const second = await spokenSession(campaignId, [
    ['sam', 'I pay the ferryman.'],
    ['alex', 'Can someone pass the chips?'],
  ]);
  for (const user of [ctx.owner, ctx.recipient]) {
    const lines = await user.client.gql(LINES, { id: first });
    expect(
      lines.body.data.session.transcriptLines.map((l: { speaker: Speaker | null }) => l.speaker?.displayName ?? null),
    ).toEqual(['GM (Dana)', 'Lyra Brightwind (Sam)', null]);
    const next = await user.client.gql(LINES, { id: second });
    expect(next.body.data.session.transcriptLines.map((l: { speaker: Speaker }) => l.speaker.displayName)).toEqual([
      'Lyra Brightwind (Sam)',
      'alex',
    ]);
  }
  expect((await castOf(ctx.recipient, campaignId)).map((s) => s.label)).toEqual(['dana', 'sam', 'alex']);

  // An empty name clears it; a field left out stays.
  const cleared = await ctx.owner.client.gql(UPDATE, { id: sam.id, input: { characterName: '' } });
  expect(cleared.body.data.updateSpeaker).toMatchObject({ playerName: 'Sam', characterName: null, displayName: 'Sam' });
});

it('lets only the owner change the cast; nobody learns whether a speaker id exists', async () => {
  const campaignId = await sharedCampaign();
  await spokenSession(campaignId, [['bo', 'I light the torch.']]);
  const [bo] = await castOf(ctx.owner, campaignId);

  const readOnly = await ctx.recipient.client.gql(UPDATE, { id: bo.id, input: { characterName: 'Thief' } });
  expect(readOnly.body.errors?.[0]).toMatchObject({
    message: 'This campaign is shared with you read-only',
    extensions: { code: 'FORBIDDEN' },
  });
  const notFound = { message: 'Speaker not found', extensions: { code: 'NOT_FOUND' } };
  for (const id of [bo.id, randomUUID(), 'not-a-uuid']) {
    const res = await ctx.stranger.client.gql(UPDATE, { id, input: { characterName: 'Thief' } });
    expect(res.body.errors?.[0]).toMatchObject(notFound);
  }
  const strangerCast = await ctx.stranger.client.gql(CAST, { id: campaignId });
  expect(strangerCast.body.errors?.[0]).toMatchObject({ message: 'Campaign not found' });

  const long = await ctx.owner.client.gql(UPDATE, { id: bo.id, input: { characterName: 'x'.repeat(81) } });
  expect(long.body.errors?.[0]).toMatchObject({
    message: 'Names must be at most 80 characters',
    extensions: { code: 'BAD_USER_INPUT' },
  });
  const nothing = await ctx.owner.client.gql(UPDATE, { id: bo.id, input: {} });
  expect(nothing.body.errors?.[0].message).toBe('Give a player name, a character name or a role to change');
  expect((await castOf(ctx.owner, campaignId))[0]).toMatchObject({ characterName: null, displayName: 'bo' });
});

it('pushes the cast to watchers when it changes, and stops when their access goes', async () => {
  const campaignId = await sharedCampaign();
  await spokenSession(campaignId, [['kim', 'I cast light.']]);
  const [kim] = await castOf(ctx.owner, campaignId);
  const ws = subscriptionClient(ctx.app, ctx.recipient);
  const watch = collect<{ castUpdated: { campaignId: string; cast: Speaker[] } }>(
    ws,
    'subscription($c: ID!) { castUpdated(campaignId: $c) { campaignId cast { label displayName } } }',
    { c: campaignId },
  );
  try {
    // The subscription starts asynchronously: rename until the watcher hears it.
    let n = 0;
    await eventually(async () => {
      await ctx.owner.client.gql(UPDATE, { id: kim.id, input: { characterName: `Aria ${++n}` } });
      if (!watch.values.some((v) => v.castUpdated.cast[0].displayName.startsWith('Aria'))) throw new Error('not yet');
    }, 10_000);
    expect(watch.values.at(-1)!.castUpdated).toMatchObject({ campaignId, cast: [{ label: 'kim' }] });

    // New voices heard in a new session are pushed too.
    await spokenSession(campaignId, [['lee', 'Hello.']]);
    await eventually(async () => {
      if (!watch.values.some((v) => v.castUpdated.cast.some((s) => s.label === 'lee'))) throw new Error('not yet');
    }, 10_000);

    // The share removed, the next change ends the subscription with "not found".
    const shares = await ctx.recipient.client.gql('{ sharedCampaigns { id campaign { id } } }');
    const share = shares.body.data.sharedCampaigns.find(
      (s: { campaign: { id: string } }) => s.campaign.id === campaignId,
    );
    await ctx.recipient.client.gql('mutation($id: ID!) { removeSharedCampaign(shareId: $id) }', { id: share.id });
    const heard = watch.values.length;
    await eventually(async () => {
      await ctx.owner.client.gql(UPDATE, { id: kim.id, input: { playerName: `Kim ${++n}` } });
      if (!watch.errors.length) throw new Error('still open');
    }, 10_000);
    expect(watch.errors[0]).toMatchObject({ message: 'Campaign not found' });
    expect(watch.values.length).toBe(heard);
  } finally {
    watch.stop();
    await ws.dispose();
  }
});

it('REST and GraphQL give the transcript as "Name: line"; an edit sent back with the names keeps them out of the text', async () => {
  const campaignId = await sharedCampaign();
  const id = await spokenSession(campaignId, [
    ['dana', 'The ferry reaches the island.'],
    ['sam', 'I pay the ferryman two coins.'],
  ]);
  const [dana] = await castOf(ctx.owner, campaignId);
  await ctx.owner.client.gql(UPDATE, { id: dana.id, input: { role: 'GM' } });
  const expected = '[00:00:00] GM (dana): The ferry reaches the island.\n[00:00:05] sam: I pay the ferryman two coins.';

  const rest = await ctx.recipient.client.get(`/api/get_session_details/${id}/`);
  expect(rest.status).toBe(200);
  expect(rest.body.fullTranscript).toBe(expected);
  const gql = await ctx.recipient.client.gql('query($id: ID!) { session(id: $id) { fullTranscript } }', { id });
  expect(gql.body.data.session.fullTranscript).toBe(expected);

  const edited = expected.replace('two coins', 'three coins');
  const saved = await ctx.owner.client.post(`/api/update_transcript/${id}/`, { new_text: edited });
  expect(saved.status).toBe(200);
  const lines = await ctx.owner.client.gql(LINES, { id });
  expect(lines.body.data.session.transcriptLines).toEqual([
    { text: 'The ferry reaches the island.', speaker: { label: 'dana', displayName: 'GM (dana)' } },
    { text: 'I pay the ferryman three coins.', speaker: { label: 'sam', displayName: 'sam' } },
  ]);
  expect((await ctx.owner.client.get(`/api/get_session_details/${id}/`)).body.fullTranscript).toBe(edited);
});

it('names several speakers at once without tripping over each other (each re-indexes its lines)', async () => {
  const campaignId = await sharedCampaign();
  await spokenSession(campaignId, [
    ['ann', 'I open the door.'],
    ['ben', 'I follow Ann inside.'],
    ['cat', 'I keep watch.'],
  ]);
  const cast = await castOf(ctx.owner, campaignId);
  const answers = await Promise.all(
    cast.map((s, i) => ctx.owner.client.gql(UPDATE, { id: s.id, input: { characterName: `Hero ${i}` } })),
  );
  for (const res of answers) expect(res.body.errors).toBeUndefined();
  expect((await castOf(ctx.owner, campaignId)).map((s) => s.characterName)).toEqual(['Hero 0', 'Hero 1', 'Hero 2']);
});

it("finds a line several voices said together by their characters' names once each is named", async () => {
  await grantQaAccess(ctx.owner);
  const campaignId = await sharedCampaign();
  // Stored as the pipeline stores a night, with its Q&A search data.
  const { id: sessionId } = await createSession(ctx.app, campaignId);
  const said = [
    { speaker: 'matt', text: 'The tower door creaks open onto a spiral stair.' },
    { speaker: 'sam', text: 'I climb the stair to the top of the tower.' },
    { speaker: 'dana', text: 'I follow with the lantern.' },
    { speaker: 'sam and dana', text: 'We light the signal fire on the roof of the tower.' },
  ];
  await addTranscript(ctx.app, sessionId, said);
  await addToCast(ctx.app.orm.em.fork(), campaignId, [...new Set(said.map((l) => l.speaker))]);
  const ask = async (question: string) => {
    const a = await answer(ctx.owner, { sessionId, question });
    return a.found ? a.citations.map((c) => c.quote).join(' ') : '(declined)';
  };
  // Unnamed, "Lyra" is no one's name.
  expect(await ask('What did Lyra and Keyleth light on the roof?')).not.toContain('signal fire');
  const cast = await castOf(ctx.owner, campaignId);
  const id = (label: string) => cast.find((s) => s.label === label)!.id;
  const name = async (label: string, characterName: string) => {
    const res = await ctx.owner.client.gql(UPDATE, { id: id(label), input: { characterName } });
    expect(res.body.errors).toBeUndefined();
  };
  // One voice named: the line stays told by its label, as the summaries tell it.
  await name('sam', 'Lyra');
  expect(await ask('What did Lyra light on the roof?')).toContain('sam and dana: We light the signal fire');
  // Naming the other re-indexes the lines it said with others too, and the quote tells them by
  // their characters, as the summaries do (not "sam and dana: …").
  await name('dana', 'Keyleth');
  expect(await ask('What did Lyra and Keyleth light on the roof?')).toContain(
    'Lyra and Keyleth: We light the signal fire',
  );
  // The label itself, once the owner names it, is its own name.
  await ctx.owner.client.gql(UPDATE, { id: id('sam and dana'), input: { characterName: 'The Twins' } });
  expect(await ask('What did the Twins light on the roof?')).toContain('The Twins: We light the signal fire');
});
