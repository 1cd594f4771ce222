import fs from 'node:fs/promises';
import path from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { MockActivityEnvironment } from '@temporalio/testing';
import { summaryRefreshWorkflowId } from '@questlog/workflows';
import { appWithUsers, createCampaign, createSession } from '../../../test/factories';
import { collect, eventually, startProcessingAppWithWorker, subscriptionClient } from '../../../test/processing';
import { CampaignSummary, CampaignSummaryType } from '../../kernel/entities/campaign-summary.entity';
import { Session } from '../../kernel/entities/session.entity';
import { TranscriptSegment } from '../../kernel/entities/transcript-segment.entity';
import { ExtractiveSummarizer } from '../../engines/summaries/extractive-summarizer';
import type { Engines } from '../../engines/engines';
import { transcriptActivities } from '../transcript.activities';
import { activityDeps } from '../../../test/activity-deps';
import { addToCast } from '../../modules/cast';
import { addTranscript } from '../../../test/transcripts';
import { CampaignSpeaker } from '../../kernel/entities/speaker.entity';

/** The distinctive fact the owner decides was table talk after all (a player's joke). */
const FACT = 'The silver key lies hidden under the altar of Vorn.';
const NIGHT = [
  'The party arrives at the village of Millbrook as the sun sets behind the hills.',
  'Elder Maren tells the party that a dragon has attacked Millbrook three nights in a row.',
  FACT,
  'Thorin asks where the dragon makes its lair.',
  'Maren points to the ruined tower on the black mountain north of the village.',
  'Goblins ambush the party at a narrow bridge over the gorge.',
  'Thorin charges across the bridge and cuts down two goblins with his axe.',
  'Lyra casts a sleep spell and the last goblins collapse on the rocks.',
];

/** NIGHT told partly by players in the first person (lines 3, 5 and 8), for naming the cast. */
const VOICED_NIGHT = [
  ...NIGHT.slice(0, 2),
  'I ask the elder where the dragon makes its lair.',
  NIGHT[4],
  'I charge across the bridge and cut down two goblins with my axe.',
  NIGHT[5],
  NIGHT[0],
  'I cast a sleep spell and the last goblins collapse on the rocks.',
];

const FLIP = `mutation($lineId: ID!, $tableTalk: Boolean!) { setLineTableTalk(lineId: $lineId, tableTalk: $tableTalk) { id } }`;
const NAME = `mutation($id: ID!, $input: SpeakerInput!) { updateSpeaker(id: $id, input: $input) { id } }`;
const UPDATES = `subscription($sessionId: ID!) { sessionUpdated(sessionId: $sessionId) { status stage } }`;

const ctx = appWithUsers(['owner'], startProcessingAppWithWorker);

/** The campaign's cast as the owner reads it: a voice's id by its label. */
async function castIds(campaignId: string): Promise<(label: string) => string> {
  const res = await ctx.owner.client.gql<{ campaign: { cast: Array<{ id: string; label: string }> } }>(
    'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
    { id: campaignId },
  );
  const cast = res.body.data!.campaign.cast;
  return (label) => cast.find((s) => s.label === label)!.id;
}

/** The session once the refresh has run: the detailed summary no longer tells FACT, no stage shown. */
function refreshedWithoutFact(sessionId: string): Promise<Session> {
  return eventually(async () => {
    const session = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId, { populate: ['recap'] });
    expect(session.detailedSummary).not.toContain(FACT);
    // The recap the summaries are rendered from follows the flip too.
    expect(JSON.stringify(session.recap)).not.toContain(FACT);
    expect(session.stage).toBeNull();
    return session;
  }, 60_000);
}

/** A READY session whose summaries the pipeline's summary stage wrote from its in-game lines. */
async function summarizedSession(campaignId: string, said = NIGHT, speakers: string[] = []): Promise<string> {
  const session = await createSession(ctx.app, campaignId);
  await addTranscript(
    ctx.app,
    session.id,
    said.map((text, i) => ({ text, speaker: speakers[i] })),
  );
  await addToCast(ctx.app.orm.em.fork(), campaignId, speakers);
  const engines = { summarizer: new ExtractiveSummarizer() } as unknown as Engines;
  const activities = transcriptActivities(activityDeps(ctx.app, engines));
  await new MockActivityEnvironment().run(activities.summarizeSession, { sessionId: session.id });
  return session.id;
}

test('a burst of corrections makes one refresh: the summaries and the campaign’s follow, the session shows it', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook');
  const sessionId = await summarizedSession(campaignId);
  const before = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId);
  expect(before.detailedSummary).toContain(FACT);

  const ws = subscriptionClient(ctx.app, ctx.owner);
  const live = collect<{ sessionUpdated: { status: string; stage: string | null } }>(ws, UPDATES, { sessionId });
  await new Promise((r) => setTimeout(r, 300));

  const lines = await ctx.app.orm.em
    .fork()
    .find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 1 } });
  // The fact goes to table talk; two other lines go there and come back, as an owner trying things out.
  const flips: Array<[number, boolean]> = [
    [2, true],
    [5, true],
    [6, true],
    [5, false],
    [6, false],
  ];
  for (const [position, tableTalk] of flips) {
    const res = await ctx.owner.client.gql(FLIP, { lineId: lines[position].id, tableTalk });
    expect(res.body.errors).toBeUndefined();
  }

  const after = await refreshedWithoutFact(sessionId);
  expect(after.status).toBe('READY');
  expect(after.detailedSummary).toContain(NIGHT[5]);
  for (const text of [after.briefSummary, after.moderateSummary, after.summaryVeryShort])
    expect(text).not.toContain('altar of Vorn');

  // The campaign's longest summary is made of its sessions' detailed ones.
  const campaignFull = await ctx.app.orm.em
    .fork()
    .findOneOrFail(CampaignSummary, { campaign: campaignId, type: CampaignSummaryType.FULL });
  expect(campaignFull.text).toContain(after.detailedSummary.trim());
  expect(campaignFull.text).not.toContain(FACT);

  // The run closes just after it clears the stage, and the list is eventually consistent.
  await eventually(async () => {
    const runs = [];
    for await (const run of ctx.app.workflows.list({ query: `WorkflowId = '${summaryRefreshWorkflowId(sessionId)}'` }))
      runs.push(run);
    expect(runs.map((r) => [r.type, r.status.name])).toEqual([['refreshSessionSummaries', 'COMPLETED']]);
  }, 10_000);

  await eventually(
    async () => expect(live.values.at(-1)?.sessionUpdated).toEqual({ status: 'READY', stage: null }),
    10_000,
  );
  expect(live.values.map((v) => v.sessionUpdated)).toContainEqual({ status: 'READY', stage: 'summarize' });
  expect(live.errors).toEqual([]);
  live.stop();
  await ws.dispose();

  if (process.env.QUESTLOG_SAVE_HISTORIES === '1') {
    const history = await ctx.app.workflows.getHandle(summaryRefreshWorkflowId(sessionId)).fetchHistory();
    const file = path.resolve(__dirname, '../../../../workflows/histories/refresh-session-summaries.json');
    await fs.writeFile(file, historyToJSON(history));
  }
}, 120_000);

test('a summary the owner rewrote by hand stays as written when a correction regenerates the others', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook, edited');
  const sessionId = await summarizedSession(campaignId);
  const mine = 'In my words: the party found the silver key and the goblins paid for it.';
  const edit = await ctx.owner.client.post(`/api/update_session_summary/${sessionId}/briefSummary/`, {
    new_text: mine,
  });
  expect(edit.status).toBe(200);
  const before = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId);
  expect(before.detailedSummary).toContain(FACT);

  const lines = await ctx.app.orm.em
    .fork()
    .find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 1 } });
  const res = await ctx.owner.client.gql(FLIP, { lineId: lines[2].id, tableTalk: true });
  expect(res.body.errors).toBeUndefined();

  const after = await refreshedWithoutFact(sessionId);
  expect(after.briefSummary).toBe(mine);
  expect(after.editedSummaries).toEqual(['briefSummary']);
}, 90_000);

const EDIT_LINE = `mutation($lineId: ID!, $text: String!) { editTranscriptLine(lineId: $lineId, text: $text) { id } }`;
const INDEX = `query($id: ID!) { campaign(id: $id) { index { name } } }`;

/** The session and campaign once a refresh has written `told` into the detailed summary. */
function refreshedTelling(sessionId: string, told: string): Promise<Session> {
  return eventually(async () => {
    const session = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId);
    expect(session.detailedSummary).toContain(told);
    expect(session.stage).toBeNull();
    return session;
  }, 60_000);
}

test('a corrected line’s text reaches the summaries, the campaign’s summary, its index and the export', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook, corrected');
  const sessionId = await summarizedSession(campaignId);
  const lines = await ctx.app.orm.em
    .fork()
    .find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 1 } });
  // Whisper heard "Vorn"; the name was Varnok.
  const fixed = 'The silver key lies hidden under the altar of Varnok.';
  const res = await ctx.owner.client.gql(EDIT_LINE, { lineId: lines[2].id, text: fixed });
  expect(res.body.errors).toBeUndefined();

  const after = await refreshedTelling(sessionId, fixed);
  expect(after.detailedSummary).not.toContain(FACT);
  const campaignFull = await ctx.app.orm.em
    .fork()
    .findOneOrFail(CampaignSummary, { campaign: campaignId, type: CampaignSummaryType.FULL });
  expect(campaignFull.text).toContain(fixed);
  expect(campaignFull.text).not.toContain(FACT);
  await eventually(async () => {
    const names = (await ctx.owner.client.gql(INDEX, { id: campaignId })).body.data.campaign.index.map(
      (e: { name: string }) => e.name,
    );
    expect(names).toContain('Varnok');
    expect(names).not.toContain('Vorn');
  }, 30_000);
  const exported = await ctx.owner.client.get(`/api/sessions/${sessionId}/export.md`);
  expect(exported.status).toBe(200);
  expect(exported.body).toContain(fixed);
  expect(exported.body).not.toContain(FACT);
}, 120_000);

test('an edit of the whole transcript refreshes the summaries too; saving it unchanged starts nothing', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook, rewritten');
  const sessionId = await summarizedSession(campaignId);
  const unchanged = NIGHT.join('\n');
  const same = await ctx.owner.client.post(`/api/update_transcript/${sessionId}/`, { new_text: unchanged });
  expect(same.status).toBe(200);
  await expect(ctx.app.workflows.getHandle(summaryRefreshWorkflowId(sessionId)).describe()).rejects.toThrow();

  const rewritten = unchanged.replace('three nights in a row', 'every night for a week');
  const res = await ctx.owner.client.post(`/api/update_transcript/${sessionId}/`, { new_text: rewritten });
  expect(res.status).toBe(200);
  const after = await refreshedTelling(sessionId, 'every night for a week');
  expect(after.detailedSummary).not.toContain('three nights in a row');
}, 120_000);

test('naming a voice of the cast rewrites the summaries it speaks in, by the new name; a save that changes nothing starts nothing', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook, named');
  const speakers = ['sam', 'dana', 'dana', 'sam', 'dana', 'sam', 'dana', 'dana', 'sam'];
  const said = [
    // The player introducing themselves stays out, by their own name or by the character's.
    "Hello everyone, I'm Sam Riegel and I play a wizard on this show.",
    ...VOICED_NIGHT,
  ];
  const sessionId = await summarizedSession(campaignId, said, speakers);
  const other = await summarizedSession(campaignId);
  const before = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId);
  expect(before.detailedSummary).toContain('Sam casts a sleep spell');
  const samId = (await castIds(campaignId))('sam');

  // A save that changes nothing writes nothing again.
  await ctx.app.orm.em
    .fork()
    .nativeUpdate(CampaignSpeaker, { id: samId }, { characterName: 'Lyra', playerName: 'Sam' });
  const same = await ctx.owner.client.gql(NAME, { id: samId, input: { characterName: 'Lyra', playerName: 'Sam' } });
  expect(same.body.errors).toBeUndefined();
  await expect(ctx.app.workflows.getHandle(summaryRefreshWorkflowId(sessionId)).describe()).rejects.toThrow();

  const renamed = await ctx.owner.client.gql(NAME, { id: samId, input: { characterName: 'Brightwind' } });
  expect(renamed.body.errors).toBeUndefined();
  const after = await refreshedTelling(sessionId, 'Brightwind casts a sleep spell');
  expect(after.detailedSummary).not.toMatch(/\bSam\b|\bLyra\b/);
  const { recap } = await ctx.app.orm.em.fork().findOneOrFail(Session, sessionId, { populate: ['recap'] });
  expect(recap!.scenes.flatMap((s) => s.people)).toContain('Brightwind');
  expect(JSON.stringify(recap)).toContain('Brightwind casts a sleep spell');
  expect(JSON.stringify(recap)).not.toMatch(/\bSam\b|\bLyra\b/);
  // A session the voice never speaks in is left as it was.
  await expect(ctx.app.workflows.getHandle(summaryRefreshWorkflowId(other)).describe()).rejects.toThrow();
}, 120_000);

test('naming a voice rewrites the summaries of a night it only spoke in together with another', async () => {
  const campaignId = await createCampaign(ctx.owner, 'Millbrook, together');
  // A night where sam speaks alone, so the cast has sam; then one where sam only speaks with dana.
  await summarizedSession(campaignId, NIGHT.slice(0, 2), ['sam', 'dana']);
  const together = 'sam and dana';
  const sessionId = await summarizedSession(campaignId, VOICED_NIGHT, [
    'dana',
    'dana',
    together,
    'dana',
    together,
    'dana',
    'dana',
    together,
  ]);
  const id = await castIds(campaignId);
  await ctx.app.orm.em.fork().nativeUpdate(CampaignSpeaker, { id: id('dana') }, { characterName: 'Keyleth' });

  const named = await ctx.owner.client.gql(NAME, { id: id('sam'), input: { characterName: 'Brightwind' } });
  expect(named.body.errors).toBeUndefined();
  await refreshedTelling(sessionId, 'Brightwind and Keyleth ask the elder where the dragon makes its lair');
}, 120_000);
