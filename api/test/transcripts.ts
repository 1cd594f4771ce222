import { ref } from '@mikro-orm/core';
import type { TestApp } from './app';
import type { TestUser } from './factories';
import { Session } from '../src/kernel/entities/session.entity';
import { TranscriptSegment } from '../src/kernel/entities/transcript-segment.entity';
import { transcriptActivities } from '../src/processing/transcript.activities';
import { activityDeps } from './activity-deps';

/** One line of a game night: in-game unless marked as table talk; GM-only if marked so. */
export interface Line {
  text: string;
  tableTalk?: boolean;
  gmOnly?: boolean;
  /** The 20 s slot of the night it is said in; its place among the lines unless given. */
  slot?: number;
  /** The voice's label, where the recording tells voices apart. */
  speaker?: string;
}

/** Seconds between the starts of consecutive lines. */
export const LINE_SECONDS = 20;

/**
 * Gives a session the transcript the pipeline would leave: segment rows through the entities
 * (20 s apart, table talk marked), then the pipeline's own index stage fills the search vectors.
 */
export async function addTranscript(app: TestApp, sessionId: string, lines: Line[]): Promise<void> {
  const em = app.orm.em.fork();
  const session = em.getReference(Session, sessionId);
  lines.forEach(({ slot, ...line }, position) =>
    em.create(TranscriptSegment, {
      session: ref(session),
      position,
      startMs: (slot ?? position) * LINE_SECONDS * 1000,
      endMs: ((slot ?? position) + 1) * LINE_SECONDS * 1000 - 500,
      text: line.text,
      tableTalk: line.tableTalk ?? false,
      gmOnly: line.gmOnly ?? false,
      speaker: line.speaker ?? null,
    }),
  );
  await em.flush();
  // The index stage needs nothing but the database.
  await transcriptActivities(activityDeps(app)).indexTranscript({ sessionId });
}

/** A line at its own start time (ms from the session's start). */
export interface TimedLine extends Line {
  startMs: number;
}

/** Words as the speech service times them: one every 400 ms from `startMs`, each 300 ms long. */
function timedWords(startMs: number, text: string) {
  return text.split(' ').map((word, k) => ({ word, startMs: startMs + k * 400, endMs: startMs + k * 400 + 300 }));
}

/**
 * Gives a session the lines the pipeline would leave, each at its own time with its words timed (what
 * an owner's edit is aligned to), then the pipeline's own index stage fills the search vectors.
 */
export async function addTimedTranscript(app: TestApp, sessionId: string, lines: TimedLine[]): Promise<void> {
  const em = app.orm.em.fork();
  const session = em.getReference(Session, sessionId);
  lines.forEach((line, position) => {
    const words = timedWords(line.startMs, line.text);
    em.create(TranscriptSegment, {
      session: ref(session),
      position,
      startMs: line.startMs,
      endMs: words[words.length - 1].endMs,
      text: line.text,
      tableTalk: line.tableTalk ?? false,
      words,
    });
  });
  await em.flush();
  await transcriptActivities(activityDeps(app)).indexTranscript({ sessionId });
}

/** Puts the user on the Q&A add-on (self-hosted billing applies it at once), which gives hasValidAccess. */
export async function grantQaAccess(user: TestUser): Promise<void> {
  const res = await user.client.gql(
    'mutation { choosePlan(input: { planId: "qa_chatbot", billingCycle: MONTHLY }) { hasValidAccess } }',
  );
  if (!res.body.data?.choosePlan.hasValidAccess) throw new Error(`choosePlan failed: ${JSON.stringify(res.body)}`);
}
