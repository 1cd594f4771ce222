import { randomUUID } from 'node:crypto';
import { addLines, appWithUsers, createSession, createSharedCampaign, type TestUser } from '../../../test/factories';
import { addToCast } from './cast.service';

/*
 * The GM corrects diarization over GraphQL: two voices that are one person merged (their lines and
 * voice prints), lines moved to the voice that said them; recipients and strangers change nothing.
 */

const CAST = `query($id: ID!) { campaign(id: $id) { cast { id label } } }`;
const LINES = `query($id: ID!) { session(id: $id) { transcriptLines { id text speaker { label } } } }`;
const MERGE = `mutation($id: ID!, $into: ID!) { mergeSpeakers(id: $id, into: $into) { label } }`;
const MOVE = `mutation($lines: [ID!]!, $to: ID!) { moveLinesToSpeaker(lineIds: $lines, speakerId: $to) { label } }`;

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);

async function diarizedCampaign() {
  const campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, `Voices ${randomUUID().slice(0, 8)}`);
  const session = await createSession(ctx.app, campaignId);
  const said: Array<[string, string]> = [
    ['Speaker 1', 'You reach the gates of Morrowgate.'],
    ['Speaker 2', 'I knock on the gate twice.'],
    ['Speaker 3', 'The guard opens a small window in the gate.'],
    ['Speaker 1', 'I show the guard the letter of the baron.'],
  ];
  await addLines(
    ctx.app,
    session.id,
    said.map(([speaker, text]) => ({ text, speaker })),
  );
  const em = ctx.app.orm.em.fork();
  await addToCast(em, campaignId, ['Speaker 1', 'Speaker 2', 'Speaker 3']);
  const unit = (i: number) => Array.from({ length: 256 }, (_, k) => (k === i ? 1 : 0));
  for (const [label, axis] of [
    ['Speaker 1', 0],
    ['Speaker 3', 1],
  ] as const) {
    // Prints kept from before parts (no windows): a merge adds them up, weighted by their sessions.
    await em.execute(
      `insert into voice_print_parts (speaker_id, session_id, embedding, weight)
       select id, null, ?::real[], 1 from campaign_speakers where campaign_id = ? and label = ?`,
      [`{${unit(axis).join(',')}}`, campaignId, label],
    );
  }
  const cast = await ctx.owner.client.gql(CAST, { id: campaignId });
  const ids = Object.fromEntries(
    cast.body.data.campaign.cast.map((s: { id: string; label: string }) => [s.label, s.id]),
  );
  return { campaignId, sessionId: session.id, ids };
}

async function lines(user: TestUser, sessionId: string) {
  const res = await user.client.gql(LINES, { id: sessionId });
  expect(res.body.errors).toBeUndefined();
  return res.body.data.session.transcriptLines as Array<{
    id: string;
    text: string;
    speaker: { label: string } | null;
  }>;
}

it('merges two voices into one, lines and voice print, and moves a line to another voice', async () => {
  const { campaignId, sessionId, ids } = await diarizedCampaign();
  const merged = await ctx.owner.client.gql(MERGE, { id: ids['Speaker 3'], into: ids['Speaker 1'] });
  expect(merged.body.errors).toBeUndefined();
  expect(merged.body.data.mergeSpeakers.map((s: { label: string }) => s.label)).toEqual(['Speaker 1', 'Speaker 2']);
  expect((await lines(ctx.owner, sessionId)).map((l) => l.speaker?.label)).toEqual([
    'Speaker 1',
    'Speaker 2',
    'Speaker 1',
    'Speaker 1',
  ]);
  const [part] = await ctx.app.orm.em.fork().execute<Array<{ weight: number; first: number; second: number }>>(
    `select p.weight, p.embedding[1] as first, p.embedding[2] as second
       from voice_print_parts p join campaign_speakers c on c.id = p.speaker_id
       where c.campaign_id = ? and c.label = 'Speaker 1'`,
    [campaignId],
  );
  expect(part.weight).toBe(2);
  expect(part.first).toBeCloseTo(Math.SQRT1_2, 4);
  expect(part.second).toBeCloseTo(Math.SQRT1_2, 4);

  // The guard's line was the second voice after all.
  const guard = (await lines(ctx.owner, sessionId)).find((l) => /guard opens/.test(l.text))!;
  const moved = await ctx.owner.client.gql(MOVE, { lines: [guard.id], to: ids['Speaker 2'] });
  expect(moved.body.errors).toBeUndefined();
  expect(moved.body.data.moveLinesToSpeaker.label).toBe('Speaker 2');
  expect((await lines(ctx.recipient, sessionId)).map((l) => l.speaker?.label)).toEqual([
    'Speaker 1',
    'Speaker 2',
    'Speaker 2',
    'Speaker 1',
  ]);
});

it('refuses recipients, strangers, a voice merged with itself and lines of another campaign', async () => {
  const { sessionId, ids } = await diarizedCampaign();
  const other = await diarizedCampaign();
  const before = await lines(ctx.owner, sessionId);
  const read = await ctx.recipient.client.gql(MERGE, { id: ids['Speaker 3'], into: ids['Speaker 1'] });
  expect(read.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const stranger = await ctx.stranger.client.gql(MOVE, { lines: [before[0].id], to: ids['Speaker 2'] });
  expect(stranger.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const itself = await ctx.owner.client.gql(MERGE, { id: ids['Speaker 1'], into: ids['Speaker 1'] });
  expect(itself.body.errors?.[0]?.message).toBe('Choose two different voices to merge');
  const across = await ctx.owner.client.gql(MERGE, { id: ids['Speaker 1'], into: other.ids['Speaker 1'] });
  expect(across.body.errors?.[0]?.message).toBe('Both voices must be of the same campaign');
  const foreign = await ctx.owner.client.gql(MOVE, { lines: [before[0].id], to: other.ids['Speaker 2'] });
  expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(await lines(ctx.owner, sessionId)).toEqual(before);
});
