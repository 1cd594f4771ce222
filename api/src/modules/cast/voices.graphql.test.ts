import { randomUUID } from 'node:crypto';
import { addLines, appWithUsers, createSession, createSharedCampaign } from '../../../test/factories';
import { addToCast } from './cast.service';
import { VoicePrintStore } from './voice-prints';

/*
 * The GM's view of a session's voices over GraphQL (issue 49 points 2, 3 and 5): talk time and the
 * sample of each, the closest known voice offered where the match was unclear, and the voice prints
 * forgotten on request. Recipients get none of it and never a print.
 */

const VOICES = `query($id: ID!) { session(id: $id) { voices {
  speaker { id label } talkSeconds lineCount sampleStartMs sampleLineId closestKnown { id label } } } }`;
const CAST = `query($id: ID!) { campaign(id: $id) { cast { id label } } }`;
const FORGET = `mutation($id: ID!) { forgetVoicePrints(campaignId: $id) }`;
const NAME = `mutation($id: ID!) { updateSpeaker(id: $id, input: { playerName: "Sam" }) { id } }`;

const ctx = appWithUsers(['owner', 'recipient', 'stranger']);

/** A unit vector, leaning from axis `a` towards axis `b` so it scores `cos` against `a`'s. */
const lean = (a: number, b: number, cos: number) =>
  Array.from({ length: 256 }, (_, k) => (k === a ? cos : k === b ? Math.sqrt(1 - cos * cos) : 0));

/**
 * A campaign whose first night taught the prints of "Speaker 1" (axis 0) and "Speaker 2" (axis 1),
 * and a second night of two new voices: one close to Speaker 1 but below a clear match, one like nobody.
 */
async function secondNight() {
  const campaignId = await createSharedCampaign(ctx.owner, ctx.recipient, `Voices ${randomUUID().slice(0, 8)}`);
  const prints = new VoicePrintStore(ctx.app.orm.em.fork());
  const em = ctx.app.orm.em.fork();
  await addToCast(em, campaignId, ['Speaker 1', 'Speaker 2']);
  const first = await createSession(ctx.app, campaignId);
  await prints.remember(
    campaignId,
    first.id,
    new Map([
      ['Speaker 1', lean(0, 1, 1)],
      ['Speaker 2', lean(1, 0, 1)],
    ]),
  );
  const session = await createSession(ctx.app, campaignId);
  await addLines(ctx.app, session.id, [
    { text: 'The bridge creaks under the cart.', speaker: 'Speaker 3' },
    { text: 'I hold the mule by its bridle and walk it over slowly.', speaker: 'Speaker 4' },
    { text: 'Halfway over, a plank gives way beneath the back wheel.', speaker: 'Speaker 3' },
  ]);
  await addToCast(em, campaignId, ['Speaker 3', 'Speaker 4']);
  await prints.remember(
    campaignId,
    session.id,
    new Map([
      ['Speaker 3', lean(0, 2, 0.76)],
      ['Speaker 4', lean(3, 2, 1)],
    ]),
  );
  const cast = await ctx.owner.client.gql(CAST, { id: campaignId });
  const ids: Record<string, string> = Object.fromEntries(
    cast.body.data.campaign.cast.map((s: { id: string; label: string }) => [s.label, s.id]),
  );
  return { campaignId, sessionId: session.id, ids };
}

async function printCount(campaignId: string) {
  const [{ n }] = await ctx.app.orm.em.fork().execute<Array<{ n: number }>>(
    `select count(distinct p.speaker_id)::int as n from voice_print_parts p
       join campaign_speakers c on c.id = p.speaker_id where c.campaign_id = ?`,
    [campaignId],
  );
  return n;
}

it("shows the GM each voice's talk time and sample, and the closest known voice of an unclear one", async () => {
  const { sessionId, ids } = await secondNight();
  const res = await ctx.owner.client.gql(VOICES, { id: sessionId });
  expect(res.body.errors).toBeUndefined();
  // addLines spaces lines 5 s apart, each 4 s long.
  expect(res.body.data.session.voices).toEqual([
    expect.objectContaining({
      speaker: { id: ids['Speaker 3'], label: 'Speaker 3' },
      talkSeconds: 8,
      lineCount: 2,
      sampleStartMs: 0,
      closestKnown: { id: ids['Speaker 1'], label: 'Speaker 1' },
    }),
    expect.objectContaining({
      speaker: { id: ids['Speaker 4'], label: 'Speaker 4' },
      talkSeconds: 4,
      lineCount: 1,
      sampleStartMs: 5000,
      closestKnown: null,
    }),
  ]);
  // Named, the voice is no longer a question.
  await ctx.owner.client.gql(NAME, { id: ids['Speaker 3'] });
  const named = await ctx.owner.client.gql(VOICES, { id: sessionId });
  expect(named.body.data.session.voices[0].closestKnown).toBeNull();
});

it('refuses the voices and the forgetting to recipients, who never receive a print', async () => {
  const { campaignId, sessionId } = await secondNight();
  const voices = await ctx.recipient.client.gql(VOICES, { id: sessionId });
  expect(voices.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect(voices.body.data).toBeNull();
  const forget = await ctx.recipient.client.gql(FORGET, { id: campaignId });
  expect(forget.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  const stranger = await ctx.stranger.client.gql(FORGET, { id: campaignId });
  expect(stranger.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  expect(await printCount(campaignId)).toBe(4);
  // What a recipient reads of the campaign's voices holds none of a print's numbers.
  const seen = await ctx.recipient.client.gql(
    `query($c: ID!, $s: ID!) { campaign(id: $c) { cast { id label playerName characterName role displayName } }
       session(id: $s) { transcriptLines { speaker { id label displayName } } } }`,
    { c: campaignId, s: sessionId },
  );
  expect(seen.body.errors).toBeUndefined();
  expect(JSON.stringify(seen.body)).not.toMatch(/0\.76|0\.6499|embedding|voice_?print/i);
});

it("forgets the campaign's voice prints on the GM's request, names kept", async () => {
  const { campaignId, sessionId, ids } = await secondNight();
  await ctx.owner.client.gql(NAME, { id: ids['Speaker 4'] });
  const forget = await ctx.owner.client.gql(FORGET, { id: campaignId });
  expect(forget.body.errors).toBeUndefined();
  expect(forget.body.data.forgetVoicePrints).toBe(4);
  expect(await printCount(campaignId)).toBe(0);
  const voices = await ctx.owner.client.gql(VOICES, { id: sessionId });
  expect(voices.body.data.session.voices.map((v: { closestKnown: unknown }) => v.closestKnown)).toEqual([null, null]);
  const cast = await ctx.owner.client.gql(`query($id: ID!) { campaign(id: $id) { cast { label playerName } } }`, {
    id: campaignId,
  });
  expect(cast.body.data.campaign.cast).toContainEqual({ label: 'Speaker 4', playerName: 'Sam' });
  // Nothing left to forget.
  const again = await ctx.owner.client.gql(FORGET, { id: campaignId });
  expect(again.body.data.forgetVoicePrints).toBe(0);
});
