import { ref } from '@mikro-orm/core';
import { MockActivityEnvironment } from '@temporalio/testing';
import { startTestApp, type TestApp } from '../../test/app';
import { createCampaign, createSession, createUser } from '../../test/factories';
import { Campaign } from '../kernel/entities/campaign.entity';
import { Session } from '../kernel/entities/session.entity';
import { TranscriptSegment } from '../kernel/entities/transcript-segment.entity';
import { activityDeps } from '../../test/activity-deps';
import { transcriptActivities } from './transcript.activities';
import type { Engines } from '../engines/engines';
import devCampaign from '../engines/summaries/dev-campaign.transcripts.json';
import { ExtractiveSummarizer } from '../engines/summaries/extractive-summarizer';
import type { SummarizeOptions, Summaries, SummaryInput } from '../engines/summaries/summarizer';
import { addToCast } from '../modules/cast';
import { CampaignSpeaker } from '../kernel/entities/speaker.entity';
import { addTranscript, type Line } from '../../test/transcripts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('the summary stage gives the summarizer only in-game lines, so no table talk reaches a summary', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner, 'Dev campaign');
  const session = await createSession(app, campaignId);
  const em = app.orm.em.fork();
  (await em.findOneOrFail(Campaign, campaignId)).vocabulary = 'Greda, Merrick; Harlowmere';
  const [first] = devCampaign.sessions;
  first.lines.forEach((line, position) =>
    em.create(TranscriptSegment, { session: ref(em.getReference(Session, session.id)), position, ...line }),
  );
  await em.flush();

  const extractive = new ExtractiveSummarizer();
  const seen: SummaryInput[][] = [];
  const options: Array<SummarizeOptions | undefined> = [];
  const summarizer = {
    summarize: (segments: SummaryInput[], given?: SummarizeOptions) => {
      seen.push(segments);
      options.push(given);
      return extractive.summarize(segments, given);
    },
  };
  const deps = activityDeps(app, { summarizer } as unknown as Engines);
  await new MockActivityEnvironment().run(transcriptActivities(deps).summarizeSession, { sessionId: session.id });

  const inGame = first.lines.filter((l) => !l.tableTalk).map(({ text, startMs }) => ({ text, startMs }));
  // Each line goes with its id and times, which the recap's sentences link back to.
  expect(seen.map((lines) => lines.map(({ text, startMs }) => ({ text, startMs })))).toEqual([inGame]);
  expect(seen[0].every((l) => l.id && l.endMs! > l.startMs)).toBe(true);
  // The writer is told the campaign's names (no speakers in this recording, so no cast).
  expect(options[0]?.context).toEqual({ cast: [], vocabulary: ['Greda', 'Merrick', 'Harlowmere'], language: 'en' });
  const stored = await app.orm.em.fork().findOneOrFail(Session, session.id, { populate: ['recap'] });
  const summaries: Summaries = {
    brief: stored.briefSummary,
    moderate: stored.moderateSummary,
    detailed: stored.detailedSummary,
    veryShort: stored.summaryVeryShort,
    recap: stored.recap!,
    writer: { kind: stored.summaryWriter! } as Summaries['writer'],
  };
  expect(summaries).toEqual(await extractive.summarize(seen[0], options[0]));
  const lineIds = new Set(seen[0].map((l) => l.id));
  const sentences = summaries.recap.scenes.flatMap((s) => [...s.happened, ...s.found]);
  expect(sentences.length).toBeGreaterThan(0);
  for (const sentence of sentences) expect(sentence.lineIds.every((id) => lineIds.has(id))).toBe(true);
  for (const line of first.lines.filter((l) => l.tableTalk))
    for (const text of [summaries.brief, summaries.moderate, summaries.detailed, summaries.veryShort])
      expect(text).not.toContain(line.text);
});

test('a line two voices said together is told by both their characters, once the cast names each', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner, 'Together');
  const session = await createSession(app, campaignId);
  const said: Line[] = [
    { speaker: 'sam', text: 'I climb the watchtower and look across the marsh toward Thornhold.' },
    { speaker: 'dana', text: 'I draw my bow and wait by the gate of Thornhold.' },
    { speaker: 'sam and dana', text: 'I set off the first fireball at the gate of Thornhold.' },
    { speaker: 'dana and lee', text: 'I run back across the bridge to the camp by the marsh.' },
  ];
  await addTranscript(app, session.id, said);
  const em = app.orm.em.fork();
  await addToCast(em, campaignId, [...new Set(said.map((l) => l.speaker!))]);
  await em.nativeUpdate(CampaignSpeaker, { campaign: campaignId, label: 'sam' }, { characterName: 'Scanlan' });
  await em.nativeUpdate(CampaignSpeaker, { campaign: campaignId, label: 'dana' }, { characterName: 'Keyleth' });

  const seen: SummaryInput[][] = [];
  const summarizer = {
    summarize: (segments: SummaryInput[]) => (seen.push(segments), new ExtractiveSummarizer().summarize(segments)),
  };
  const deps = activityDeps(app, { summarizer } as unknown as Engines);
  await new MockActivityEnvironment().run(transcriptActivities(deps).summarizeSession, { sessionId: session.id });

  expect(seen[0][2]).toMatchObject({
    speaker: 'Scanlan and Keyleth',
    alsoKnownAs: expect.arrayContaining(['sam and dana', 'sam', 'dana']),
  });
  // "lee" is not named: the line stays told by its label.
  expect(seen[0][3].speaker).toBe('dana and lee');
  const stored = await app.orm.em.fork().findOneOrFail(Session, session.id);
  expect(stored.detailedSummary).toContain('Scanlan and Keyleth set off the first fireball');
});
