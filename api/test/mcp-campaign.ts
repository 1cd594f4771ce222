import { ref } from '@mikro-orm/core';
import type { TestApp } from './app';
import { createCampaign, createSession, createUser, type TestUser } from './factories';
import { grantQaAccess, LINE_SECONDS } from './transcripts';
import { clock } from '../src/engines/text/clock';
import { transcriptActivities } from '../src/processing/transcript.activities';
import { activityDeps } from './activity-deps';
import { Session } from '../src/kernel/entities/session.entity';
import { TranscriptSegment } from '../src/kernel/entities/transcript-segment.entity';

/**
 * A shared campaign with secrets in every place the MCP tools read (issue 29): GM-only lines, a
 * session whose summaries are GM-only (the last one played, so the recap's too), an index entry
 * kept GM-only and one hidden. Nothing a recipient may read holds a word of SECRET_WORDS.
 */
export const SECRET_WORDS = /Grimsworth|doppelganger|Wave Echo|Vexmoor|poison/i;

interface Said {
  text: string;
  gmOnly?: boolean;
}

const ROAD: Said[] = [
  { text: 'The wagon rolls along the Triboar Trail toward Phandalin.' },
  { text: 'The goblins captured Gundren Rockseeker and dragged him to Cragmaw Castle.' },
  { text: 'Gundren secretly carries the map to Wave Echo Cave in his boot.', gmOnly: true },
  { text: 'Sildar Hallwinter swears to find the dwarf before nightfall.' },
  { text: 'The blacksmith Grimsworth is a doppelganger who serves the Black Spider.', gmOnly: true },
  { text: 'Lyra spots goblin tracks leading north toward Cragmaw Castle.' },
  { text: 'Sildar asks the party to escort him to Phandalin.' },
  { text: 'Toblen Stonehill waves from the door of the inn.' },
  { text: 'Toblen Stonehill pours ale for the tired party.' },
];

const TOWN: Said[] = [
  { text: 'The party arrives in Phandalin at dusk.' },
  { text: 'Grimsworth plans to poison the mayor at the harvest feast.', gmOnly: true },
  { text: 'Sister Garaele asks the party to find the banshee in the woods.' },
  { text: 'The party promises Sister Garaele to return before the new moon.' },
];

export interface McpCampaign {
  owner: TestUser;
  recipient: TestUser;
  stranger: TestUser;
  campaignId: string;
  roadId: string;
  townId: string;
  /** Start times (ms) of the GM-only lines, by session: no link a recipient gets may point at one. */
  gmOnlyStarts: Map<string, Set<number>>;
  /** Index entries by name: one kept GM-only, one hidden. */
  gmOnlyEntry: string;
  hiddenEntry: string;
}

/** The stored full text the pipeline writes next to the lines (the owner reads it as it is). */
const fullText = (night: Said[]) =>
  night.map((line, position) => `[${clock(position * LINE_SECONDS * 1000)}] ${line.text}`).join('\n');

async function addNight(app: TestApp, sessionId: string, night: Said[]): Promise<Set<number>> {
  const em = app.orm.em.fork();
  const gmOnly = new Set<number>();
  night.forEach((line, position) => {
    const startMs = position * LINE_SECONDS * 1000;
    if (line.gmOnly) gmOnly.add(startMs);
    em.create(TranscriptSegment, {
      session: ref(em.getReference(Session, sessionId)),
      position,
      startMs,
      endMs: startMs + LINE_SECONDS * 1000 - 500,
      text: line.text,
      tableTalk: false,
      gmOnly: line.gmOnly ?? false,
    });
  });
  await em.flush();
  await transcriptActivities(activityDeps(app)).indexTranscript({ sessionId });
  return gmOnly;
}

/**
 * The road's recap as it reads in the seconds after the owner marked two of its lines GM-only (a
 * recap is written from lines every reader may read, and again after each mark): sentences of both.
 */
async function addRecap(app: TestApp, sessionId: string): Promise<void> {
  const em = app.orm.em.fork();
  const lines = await em.find(TranscriptSegment, { session: sessionId }, { orderBy: { position: 'asc' } });
  const told = (i: number) => ({ text: lines[i].text, lineIds: [lines[i].id], startMs: lines[i].startMs });
  const scene = { title: 'Triboar Trail', startMs: 0, endMs: lines[lines.length - 1].endMs, where: ['Triboar Trail'] };
  await em.nativeUpdate(Session, sessionId, {
    recap: {
      scenes: [
        {
          ...scene,
          people: [],
          met: ['Gundren Rockseeker'],
          happened: [told(0), told(2)],
          found: [told(4)],
          main: true,
        },
      ],
      threads: [told(6)],
    },
  });
}

async function gql(user: TestUser, query: string, variables: Record<string, unknown>) {
  const res = await user.client.gql(query, variables);
  if (!res.body.data) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

/** Owner, recipient (the campaign shared with them) and a stranger, all on the Q&A plan. */
export async function seedMcpCampaign(app: TestApp): Promise<McpCampaign> {
  const [owner, recipient, stranger] = [await createUser(app), await createUser(app), await createUser(app)];
  for (const user of [owner, recipient, stranger]) await grantQaAccess(user);
  const campaignId = await createCampaign(owner, 'Lost Mine');
  const road = await createSession(app, campaignId, {
    title: 'Session 1: The Road',
    playedOn: '2026-11-01',
    summaryVeryShort: 'Goblins took Gundren',
    briefSummary: 'The party followed goblin tracks toward Cragmaw Castle.',
    fullTranscript: fullText(ROAD),
  });
  const town = await createSession(app, campaignId, {
    title: 'Session 2: Phandalin',
    playedOn: '2026-11-08',
    summariesGmOnly: true,
    summaryVeryShort: 'Vexmoor plots in Phandalin',
    briefSummary: 'Vexmoor the doppelganger plans to poison the mayor.',
    moderateSummary: 'Vexmoor, secretly Grimsworth, readies the poison.',
    detailedSummary: 'Vexmoor waits for the harvest feast.',
    fullTranscript: fullText(TOWN),
  });
  const gmOnlyStarts = new Map([
    [road.id, await addNight(app, road.id, ROAD)],
    [town.id, await addNight(app, town.id, TOWN)],
  ]);
  await addRecap(app, road.id);
  await gql(owner, 'mutation($c: ID!, $e: String!) { shareCampaign(campaignId: $c, email: $e) { id } }', {
    c: campaignId,
    e: recipient.email,
  });
  const { campaign } = await gql(owner, 'query($c: ID!) { campaign(id: $c) { index { id name } } }', { c: campaignId });
  const entry = (name: string) => {
    const found = (campaign.index as Array<{ id: string; name: string }>).find((e) => e.name === name);
    if (!found) throw new Error(`no index entry ${name} in ${JSON.stringify(campaign.index)}`);
    return found.id;
  };
  const update = 'mutation($id: ID!, $input: IndexEntryInput!) { updateIndexEntry(id: $id, input: $input) { id } }';
  await gql(owner, update, { id: entry('Sildar Hallwinter'), input: { gmOnly: true } });
  await gql(owner, update, { id: entry('Toblen Stonehill'), input: { hidden: true } });
  return {
    owner,
    recipient,
    stranger,
    campaignId,
    roadId: road.id,
    townId: town.id,
    gmOnlyStarts,
    gmOnlyEntry: 'Sildar Hallwinter',
    hiddenEntry: 'Toblen Stonehill',
  };
}

/** A personal API token of the user, made through the GraphQL mutation the Profile page uses. */
export async function apiToken(user: TestUser, scope: 'FULL' | 'READ'): Promise<string> {
  const data = await gql(
    user,
    'mutation($n: String!, $s: ApiTokenScope!) { createApiToken(name: $n, scope: $s) { secret } }',
    { n: `assistant ${scope}`, s: scope },
  );
  return data.createApiToken.secret;
}
