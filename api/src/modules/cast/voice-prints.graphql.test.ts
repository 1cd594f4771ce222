import { randomUUID } from 'node:crypto';
import { cosine } from '../../engines/diarization/voice-match';
import { addLines, appWithUsers, createCampaign, createSession } from '../../../test/factories';
import { addToCast } from './cast.service';
import { VoicePrintStore } from './voice-prints';

/*
 * What the GM's corrections teach the voice prints, through the real api (issue 49 point 3): a line
 * moved to another voice counts toward that voice's print and no longer the old one's, a merge
 * joins the two voices' windows, a session processed again counts once, and the prints go with
 * the session, the campaign and the GM's "Forget voice prints".
 */

const CAST = `query($id: ID!) { campaign(id: $id) { cast { id label } } }`;
const LINES = `query($id: ID!) { session(id: $id) { transcriptLines { id text speaker { label } } } }`;
const MERGE = `mutation($id: ID!, $into: ID!) { mergeSpeakers(id: $id, into: $into) { label } }`;
const MOVE = `mutation($lines: [ID!]!, $to: ID!) { moveLinesToSpeaker(lineIds: $lines, speakerId: $to) { label } }`;

const ctx = appWithUsers(['owner']);
const axis = (i: number) => Array.from({ length: 256 }, (_, k) => (k === i ? 1 : 0));

/** Two windows inside each 4-second line (addLines spaces them 5 s apart), each sounding like `axes[n]`. */
const windowsOf = (axes: number[]) =>
  axes.flatMap((a, n) =>
    [500, 2000].map((at) => ({ startMs: n * 5000 + at, endMs: n * 5000 + at + 1600, embedding: axis(a) })),
  );

/**
 * One diarized night: Speaker 1 (voice 0) and Speaker 2 (voice 1) take turns, but the clustering gave
 * Speaker 1 the third line, said by a voice that sounds like axis 2.
 */
async function diarizedNight() {
  const campaignId = await createCampaign(ctx.owner, `Prints ${randomUUID().slice(0, 8)}`);
  const session = await createSession(ctx.app, campaignId);
  const labels = ['Speaker 1', 'Speaker 2', 'Speaker 1', 'Speaker 2'];
  await addLines(
    ctx.app,
    session.id,
    labels.map((speaker, n) => ({ text: `Line ${n + 1} of the night at the bridge.`, speaker })),
  );
  await addToCast(ctx.app.orm.em.fork(), campaignId, ['Speaker 1', 'Speaker 2']);
  const heard = new Map([
    ['Speaker 1', axis(0)],
    ['Speaker 2', axis(1)],
  ]);
  const windows = windowsOf([0, 1, 2, 1]);
  await store().remember(campaignId, session.id, heard, windows);
  const cast = await ctx.owner.client.gql(CAST, { id: campaignId });
  const ids: Record<string, string> = Object.fromEntries(
    cast.body.data.campaign.cast.map((s: { id: string; label: string }) => [s.label, s.id]),
  );
  return { campaignId, sessionId: session.id, ids, heard, windows };
}

const store = () => new VoicePrintStore(ctx.app.orm.em.fork());

async function prints(campaignId: string) {
  const { voices } = await store().known(campaignId);
  return Object.fromEntries(voices.map((v) => [v.label, v.embedding]));
}

async function count(sql: string, params: unknown[]) {
  const [{ n }] = await ctx.app.orm.em.fork().execute<Array<{ n: number }>>(sql, params);
  return n;
}

const partsOfCampaign = (campaignId: string) =>
  count(
    `select count(*)::int as n from voice_print_parts p join campaign_speakers c on c.id = p.speaker_id
     where c.campaign_id = ?`,
    [campaignId],
  );

it("teaches a moved line's voice to the voice it was moved to, and no longer to the old one", async () => {
  const { campaignId, sessionId, ids } = await diarizedNight();
  const before = await prints(campaignId);
  // The third line's windows (axis 2) are Speaker 1's while the clustering's mistake stands.
  expect(before['Speaker 1'][2]).toBeCloseTo(Math.SQRT1_2, 4);
  expect(before['Speaker 2'][2]).toBe(0);

  const lines = (await ctx.owner.client.gql(LINES, { id: sessionId })).body.data.session.transcriptLines;
  const moved = await ctx.owner.client.gql(MOVE, { lines: [lines[2].id], to: ids['Speaker 2'] });
  expect(moved.body.errors).toBeUndefined();
  const after = await prints(campaignId);
  expect(cosine(after['Speaker 1'], axis(0))).toBeCloseTo(1, 4);
  // Speaker 2's four windows of voice 1 and the moved line's two of axis 2.
  expect(after['Speaker 2'][1]).toBeCloseTo(4 / Math.sqrt(20), 4);
  expect(after['Speaker 2'][2]).toBeCloseTo(2 / Math.sqrt(20), 4);
  expect(await partsOfCampaign(campaignId)).toBe(2);
});

it("merges two voices' prints from all their windows, one part for the night", async () => {
  const { campaignId, ids } = await diarizedNight();
  const merged = await ctx.owner.client.gql(MERGE, { id: ids['Speaker 2'], into: ids['Speaker 1'] });
  expect(merged.body.errors).toBeUndefined();
  const after = await prints(campaignId);
  expect(Object.keys(after)).toEqual(['Speaker 1']);
  // Every window of the night: two of voice 0, four of voice 1, two of axis 2.
  [2, 4, 2].forEach((n, i) => expect(after['Speaker 1'][i]).toBeCloseTo(n / Math.sqrt(24), 4));
  expect(await partsOfCampaign(campaignId)).toBe(1);
});

it('counts a session processed again once', async () => {
  const { campaignId, sessionId, heard, windows } = await diarizedNight();
  const once = await prints(campaignId);
  // A second night, so that the first one is not all a print has heard.
  const second = await createSession(ctx.app, campaignId);
  await addLines(ctx.app, second.id, [{ text: 'The second night begins.', speaker: 'Speaker 1' }]);
  await store().remember(campaignId, second.id, new Map([['Speaker 1', axis(3)]]), windowsOf([3]));
  const twoNights = await prints(campaignId);
  // The first night again, as a retry or a reprocess runs it: it replaces its parts, adds none.
  await store().remember(campaignId, sessionId, heard, windows);
  await store().remember(campaignId, sessionId, heard, windows);
  expect(await prints(campaignId)).toEqual(twoNights);
  expect(twoNights['Speaker 1']).not.toEqual(once['Speaker 1']);
  expect(await partsOfCampaign(campaignId)).toBe(3);
  expect(await count('select count(*)::int as n from session_voice_windows where session_id = ?', [sessionId])).toBe(8);
});

it("deletes a session's windows and parts with it, and the rest of the prints with the campaign", async () => {
  const { campaignId, sessionId, ids } = await diarizedNight();
  // A print kept from before parts (no session of its own), as the migration moved it.
  await ctx.app.orm.em
    .fork()
    .execute(
      `insert into voice_print_parts (speaker_id, session_id, embedding, weight) values (?, null, ?::real[], 2)`,
      [ids['Speaker 1'], `{${axis(5).join(',')}}`],
    );
  const gone = await ctx.owner.client.gql('mutation($id: ID!, $p: String!) { deleteSession(id: $id, password: $p) }', {
    id: sessionId,
    p: ctx.owner.password,
  });
  expect(gone.body.errors).toBeUndefined();
  expect(await count('select count(*)::int as n from session_voice_windows where session_id = ?', [sessionId])).toBe(0);
  expect(await count('select count(*)::int as n from voice_print_parts where session_id = ?', [sessionId])).toBe(0);
  expect(Object.keys(await prints(campaignId))).toEqual(['Speaker 1']);

  const deleted = await ctx.owner.client.gql(
    'mutation($id: ID!, $p: String!) { deleteCampaign(id: $id, password: $p) }',
    {
      id: campaignId,
      p: ctx.owner.password,
    },
  );
  expect(deleted.body.errors).toBeUndefined();
  expect(
    await count('select count(*)::int as n from voice_print_parts where speaker_id in (?, ?)', [
      ids['Speaker 1'],
      ids['Speaker 2'],
    ]),
  ).toBe(0);
});

it("forgets the prints and the windows they were made of on the GM's request", async () => {
  const { campaignId, sessionId } = await diarizedNight();
  const forget = await ctx.owner.client.gql(`mutation($id: ID!) { forgetVoicePrints(campaignId: $id) }`, {
    id: campaignId,
  });
  expect(forget.body.data.forgetVoicePrints).toBe(2);
  expect(await partsOfCampaign(campaignId)).toBe(0);
  expect(await count('select count(*)::int as n from session_voice_windows where session_id = ?', [sessionId])).toBe(0);
  // A correction after forgetting teaches nothing: there are no windows left to learn from.
  const lines = (await ctx.owner.client.gql(LINES, { id: sessionId })).body.data.session.transcriptLines;
  const cast = (await ctx.owner.client.gql(CAST, { id: campaignId })).body.data.campaign.cast;
  await ctx.owner.client.gql(MOVE, { lines: [lines[0].id], to: cast[1].id });
  expect(await partsOfCampaign(campaignId)).toBe(0);
});
