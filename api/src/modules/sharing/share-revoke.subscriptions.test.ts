import { appWithUsers, createCampaign, createSession } from '../../../test/factories';
import { eventually, subscriptionClient } from '../../../test/processing';
import { addToCast } from '../cast/cast.service';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { PgNotifyPublisher } from '../sessions/session-events';

/*
 * An owner takes a share back while the recipient watches the campaign live (issue 25): the
 * recipient's open subscriptions — a session's progress, the campaign's sessions, the cast — end at
 * once, without waiting for the next change, with the "not found" a stranger gets, and deliver
 * nothing more. The owner's own subscriptions go on.
 */

const SESSION_UPDATED = `subscription($sessionId: ID, $campaignId: ID) {
  sessionUpdated(sessionId: $sessionId, campaignId: $campaignId) { sessionId progress }
}`;
const CAST_UPDATED = 'subscription($c: ID!) { castUpdated(campaignId: $c) { campaignId cast { label playerName } } }';
const UPDATE_SPEAKER =
  'mutation($id: ID!, $name: String!) { updateSpeaker(id: $id, input: { playerName: $name }) { id } }';

const ctx = appWithUsers(['owner', 'recipient']);

interface Watch<T> {
  values: T[];
  errors: Array<{ message: string; extensions?: Record<string, unknown> }>;
  completed: boolean;
}

function watch<T>(ws: ReturnType<typeof subscriptionClient>, query: string, variables: Record<string, unknown>) {
  const seen: Watch<T> = { values: [], errors: [], completed: false };
  ws.subscribe<T>(
    { query, variables },
    {
      next: (v) => (v.errors ? seen.errors.push(...(v.errors as Watch<T>['errors'])) : seen.values.push(v.data as T)),
      error: (err) => seen.errors.push({ message: String(err) }),
      complete: () => (seen.completed = true),
    },
  );
  return seen;
}

test('revoking a share ends the recipient’s open subscriptions at once, and only theirs', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Watched live');
  const shared = await ctx.owner.client.gql(
    'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }',
    {
      c: campaignId,
      e: ctx.recipient.email,
    },
  );
  const shareId = shared.body.data.shareCampaign.id as string;
  const sessionId = (await createSession(ctx.app, campaignId, { status: SessionStatus.PROCESSING })).id;
  await addToCast(ctx.app.orm.em.fork(), campaignId, ['kim']);
  const speakers = await ctx.owner.client.gql('query($id: ID!) { campaign(id: $id) { cast { id } } }', {
    id: campaignId,
  });
  const speakerId = speakers.body.data.campaign.cast[0].id as string;

  type Progress = { sessionUpdated: { progress: number } };
  type Cast = { castUpdated: { cast: Array<{ playerName: string | null }> } };
  const [ownerWs, recipientWs] = [subscriptionClient(ctx.app, ctx.owner), subscriptionClient(ctx.app, ctx.recipient)];
  const ownerSession = watch<Progress>(ownerWs, SESSION_UPDATED, { sessionId });
  const ownerCast = watch<Cast>(ownerWs, CAST_UPDATED, { c: campaignId });
  const bySession = watch<Progress>(recipientWs, SESSION_UPDATED, { sessionId });
  const byCampaign = watch<Progress>(recipientWs, SESSION_UPDATED, { campaignId });
  const cast = watch<Cast>(recipientWs, CAST_UPDATED, { c: campaignId });

  const publisher = new PgNotifyPublisher(() => ctx.app.orm.em.fork());
  const progress = (value: number) =>
    publisher.publish({
      sessionId,
      campaignId,
      status: SessionStatus.PROCESSING,
      stage: 'transcribe',
      progress: value,
    });
  const heard = (w: Watch<Progress>, value: number) => w.values.some((v) => v.sessionUpdated.progress === value);
  const named = (w: Watch<Cast>, name: string) => w.values.some((v) => v.castUpdated.cast[0].playerName === name);
  let n = 0;

  try {
    // Subscriptions start asynchronously: send events until every watcher has one.
    await eventually(async () => {
      await progress(0.1);
      await ctx.owner.client.gql(UPDATE_SPEAKER, { id: speakerId, name: `Kim ${++n}` });
      if (![ownerSession, bySession, byCampaign].every((w) => heard(w, 0.1))) throw new Error('not yet');
      if (![ownerCast, cast].every((w) => w.values.length > 0)) throw new Error('not yet');
    }, 10_000);

    const revoked = await ctx.owner.client.gql('mutation($id: ID!) { revokeShare(shareId: $id) }', { id: shareId });
    expect(revoked.body).toEqual({ data: { revokeShare: true } });

    // Ended by the revocation itself, with no further event on the session or the cast.
    await eventually(async () => {
      if (![bySession, byCampaign, cast].every((w) => w.completed)) throw new Error('still open');
    }, 10_000);
    await progress(0.2);
    await ctx.owner.client.gql(UPDATE_SPEAKER, { id: speakerId, name: 'Kim after' });

    // Nothing after the revocation reached the recipient: only the refusal a stranger would get.
    expect(heard(bySession, 0.2) || heard(byCampaign, 0.2) || named(cast, 'Kim after')).toBe(false);
    expect(bySession.errors).toEqual([expect.objectContaining({ message: 'Session not found' })]);
    expect(byCampaign.errors).toEqual([expect.objectContaining({ message: 'Campaign not found' })]);
    expect(cast.errors).toEqual([expect.objectContaining({ message: 'Campaign not found' })]);
    expect(cast.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND' });

    // The owner's subscriptions are untouched.
    await eventually(async () => {
      await progress(0.3);
      if (!heard(ownerSession, 0.3) || !named(ownerCast, 'Kim after')) throw new Error('not yet');
    }, 10_000);
    expect([ownerSession, ownerCast].map((w) => [w.completed, w.errors])).toEqual([
      [false, []],
      [false, []],
    ]);
  } finally {
    await Promise.all([ownerWs.dispose(), recipientWs.dispose()]);
  }
});
