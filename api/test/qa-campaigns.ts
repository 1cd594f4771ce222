import type { TestApp } from './app';
import { appWithUsers, createCampaign, createSession, type AppWithUsers, type TestUser } from './factories';
import { HttpClient } from './http-client';
import { addTranscript, grantQaAccess, type Line } from './transcripts';

/** GraphQL `ask` with every field of an answer. */
export const ASK = `mutation($input: AskInput!) {
  ask(input: $input) { text found citations { sessionId sessionTitle startMs endMs quote tableTalk } }
}`;

export interface Answer {
  text: string;
  found: boolean;
  citations: Array<{
    sessionId: string;
    sessionTitle: string;
    startMs: number;
    endMs: number;
    quote: string;
    tableTalk: boolean;
  }>;
}

/** Asks through GraphQL as a user (or a bare client), answering with the whole response. */
export async function ask(user: TestUser | HttpClient, input: Record<string, unknown>) {
  const client = user instanceof HttpClient ? user : user.client;
  return client.gql<{ ask: Answer }>(ASK, { input });
}

/** The answer `user` gets; a GraphQL error fails the test. */
export async function answer(user: TestUser, input: Record<string, unknown>): Promise<Answer> {
  const res = await ask(user, input);
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data.ask;
}

const filler = (n: number, topic: string): Line[] =>
  Array.from({ length: n }, (_, i) => ({
    text: `The party travels on and talks about ${topic}, mile ${i + 1} of the road.`,
  }));

/** Session 1 of the shared campaign: where Gundren was taken; table talk about nachos next to it. */
export const AMBUSH: Line[] = [
  { text: 'The wagon rolls along the Triboar Trail toward Phandalin.' },
  { text: 'Two dead horses block the road, pierced by black-feathered arrows.' },
  { text: 'The goblins captured Gundren Rockseeker and dragged him to Cragmaw Castle.' },
  { text: 'Dave brought nachos for everyone tonight, grab a plate.', tableTalk: true },
  ...filler(6, 'the wagon'),
  { text: 'A goblin prisoner named Yeemik mentions a wizard called Glasstaff.' },
  ...filler(6, 'the weather'),
  { text: 'Sildar Hallwinter says Glasstaff may know where the lost mine lies.' },
  { text: 'Who wants the last slice of pizza?', tableTalk: true },
];

/** Session 2: the Redbrand hideout, and Glasstaff again. */
export const PHANDALIN: Line[] = [
  { text: 'The party arrives in Phandalin at dusk and rents rooms at the Stonehill Inn.' },
  { text: 'Toblen the innkeeper warns them about the Redbrand ruffians.' },
  { text: 'The Redbrands keep their hideout in the cellars under Tresendar Manor.' },
  ...filler(5, 'the town'),
  { text: 'Sister Garaele asks the party to find the banshee Agatha in the woods.' },
  { text: 'In the hideout they learn that Glasstaff leads the Redbrands.' },
];

/** A session of the owner's other campaign, never shared: who rules Barovia. */
export const BAROVIA: Line[] = [
  { text: 'Mist closes around the carriage as it enters Barovia.' },
  { text: 'The vampire Strahd von Zarovich rules Barovia from Castle Ravenloft.' },
  { text: 'Ismark asks the party to escort his sister Ireena to Vallaki.' },
];

export interface QaCampaigns {
  shared: { id: string; ambush: string; phandalin: string };
  other: { id: string; barovia: string };
}

/** The owner's campaigns as the Q&A tests use them: processed sessions with indexed transcripts. */
export async function seedQaCampaigns(app: TestApp, owner: TestUser): Promise<QaCampaigns> {
  const sharedId = await createCampaign(owner, 'Lost Mine of Phandelver');
  const otherId = await createCampaign(owner, 'Curse of Strahd');
  const ambush = await createSession(app, sharedId, { title: 'Session 1: Goblin Arrows' });
  const phandalin = await createSession(app, sharedId, { title: 'Session 2: Phandalin' });
  const barovia = await createSession(app, otherId, { title: 'Session 1: Into the Mists' });
  await addTranscript(app, ambush.id, AMBUSH);
  await addTranscript(app, phandalin.id, PHANDALIN);
  await addTranscript(app, barovia.id, BAROVIA);
  return {
    shared: { id: sharedId, ambush: ambush.id, phandalin: phandalin.id },
    other: { id: otherId, barovia: barovia.id },
  };
}

/**
 * The test file's app with an owner on the Q&A add-on and their seeded campaigns, set up before its
 * tests (appWithUsers): `ctx.app`, `ctx.owner`, `ctx.seeded`.
 */
export function appWithQaCampaigns(): AppWithUsers<TestApp, 'owner'> & { seeded: QaCampaigns } {
  const ctx = appWithUsers(['owner']) as AppWithUsers<TestApp, 'owner'> & { seeded: QaCampaigns };
  beforeAll(async () => {
    await grantQaAccess(ctx.owner);
    ctx.seeded = await seedQaCampaigns(ctx.app, ctx.owner);
  });
  return ctx;
}
