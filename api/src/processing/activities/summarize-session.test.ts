import { ref } from '@mikro-orm/core';
import { MockActivityEnvironment } from '@temporalio/testing';
import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser } from '../../../test/factories';
import { Session } from '../../modules/sessions/session.entity';
import { TranscriptSegment } from '../../modules/transcripts/transcript-segment.entity';
import type { ProcessingDeps } from './activity-deps';
import { transcriptActivities } from './transcript-activities';
import type { Engines } from '../../engines/engines';
import devCampaign from '../../engines/summaries/dev-campaign.transcripts.json';
import { ExtractiveSummarizer } from '../../engines/summaries/extractive-summarizer';
import type { Summaries, SummaryInput } from '../../engines/summaries/summarizer';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

test('the summary stage gives the summarizer only in-game lines, so no table talk reaches a summary', async () => {
  const owner = await createUser(app);
  const session = await createSession(app, await createCampaign(owner, 'Dev campaign'));
  const em = app.orm.em.fork();
  const [first] = devCampaign.sessions;
  first.lines.forEach((line, position) =>
    em.create(TranscriptSegment, { session: ref(em.getReference(Session, session.id)), position, ...line }),
  );
  await em.flush();

  const extractive = new ExtractiveSummarizer();
  const seen: SummaryInput[][] = [];
  const summarizer = {
    summarize: (segments: SummaryInput[]) => {
      seen.push(segments);
      return extractive.summarize(segments);
    },
  };
  const deps = { orm: app.orm, engines: { summarizer } as unknown as Engines } as ProcessingDeps;
  await new MockActivityEnvironment().run(transcriptActivities(deps).summarizeSession, { sessionId: session.id });

  const inGame = first.lines.filter((l) => !l.tableTalk).map(({ text, startMs }) => ({ text, startMs }));
  expect(seen).toEqual([inGame]);
  const stored = await app.orm.em.fork().findOneOrFail(Session, session.id);
  const summaries: Summaries = {
    brief: stored.briefSummary,
    moderate: stored.moderateSummary,
    detailed: stored.detailedSummary,
    veryShort: stored.summaryVeryShort,
  };
  expect(summaries).toEqual(await extractive.summarize(inGame));
  for (const line of first.lines.filter((l) => l.tableTalk))
    for (const text of Object.values(summaries)) expect(text).not.toContain(line.text);
});
