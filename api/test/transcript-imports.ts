import { createSharedCampaign, createUser, type TestUser } from './factories';
import { HttpClient } from './http-client';
import { startProcessingApp, type ProcessingTestApp } from './processing';
import { postForm } from './uploads';
import type { Cue } from '../src/engines/transcript-formats/cue';
import type { RunningWorker } from '../src/worker/worker';

/** What the import and transcript-export tests share: an app with its worker, three users and a campaign. */
export interface ImportsWorld {
  app: ProcessingTestApp;
  worker: RunningWorker;
  owner: TestUser;
  recipient: TestUser;
  stranger: TestUser;
  /** The owner's campaign, shared with the recipient. */
  campaignId: string;
}

/** Starts the file's app and worker before its tests (filled in then) and stops them after. */
export function importsWorld(campaignTitle: string): ImportsWorld {
  const world = {} as ImportsWorld;
  beforeAll(async () => {
    world.app = await startProcessingApp();
    world.worker = await world.app.startWorker();
    const [owner, recipient, stranger] = [
      await createUser(world.app),
      await createUser(world.app),
      await createUser(world.app),
    ];
    Object.assign(world, { owner, recipient, stranger });
    world.campaignId = await createSharedCampaign(owner, recipient, campaignTitle);
  }, 120_000);
  afterAll(async () => {
    await world.worker?.stop();
    await world.app?.close();
  });
  return world;
}

export const VTT = [
  'WEBVTT',
  '',
  'NOTE exported from our VTT tool',
  '',
  '1',
  '00:00:01.250 --> 00:00:05.500 align:start',
  '<v Dana>The innkeeper Sabine pours four mugs of cider',
  'and asks about her missing brother.',
  '',
  '00:00:06.000 --> 00:00:09.125',
  '<v Sam>I promise Sabine that we will find her brother in the old mine.',
  '',
  '00:00:10.000 --> 00:00:13.000',
  '<v Kira>Who wants more pizza? I am ordering two large pizzas now.',
  '',
  '00:00:14.500 --> 00:00:18.750',
  '<v Dana>At dawn the party reaches the mine and finds a silver bell on the altar.',
  '',
].join('\n');

export const SRT = [
  '1',
  '00:00:02,000 --> 00:00:04,500',
  'Theo: I sharpen my axe by the fire.',
  '',
  '2',
  '00:00:05,000 --> 00:00:09,000',
  'Dana: Skeletons rise from the water and the tunnel shakes.',
  '',
  '3',
  '00:00:09,500 --> 00:00:11,000',
  'The torches gutter out.',
  '',
].join('\r\n');

export const TEXT =
  'Dana: The dragon Vexmora circles the tower of Highcliff.\nSam: I ready my bow and aim at her wing.\n';

/** A transcript file imported into `campaignId` through the REST form. */
export function importByRest(user: TestUser, campaignId: string, fileName: string, bytes: Buffer) {
  return postForm(user.client, '/api/import_transcript/', [
    { name: 'campaign_id', value: campaignId },
    { name: 'file', value: { fileName, type: 'text/plain', bytes } },
  ]);
}

/** The session's lines as cues, speakers by their cast names (a fresh cast: the file's names). */
export async function storedCues(
  app: ProcessingTestApp,
  sessionId: string,
): Promise<Array<Cue & { tableTalk: boolean }>> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ start_ms: number; end_ms: number; text: string; speaker: string | null; table_talk: boolean }>>(
      'select start_ms, end_ms, text, speaker, table_talk from transcript_segments where session_id = ? order by position',
      [sessionId],
    );
  return rows.map((r) => ({
    startMs: r.start_ms,
    endMs: r.end_ms,
    text: r.text,
    ...(r.speaker ? { speaker: r.speaker } : {}),
    tableTalk: r.table_talk,
  }));
}

export const withoutMarks = (cues: Array<Cue & { tableTalk?: boolean }>) =>
  cues.map(({ tableTalk: _t, ...cue }) => cue);

/** A browser without a session. */
export const signedOut = (app: ProcessingTestApp) => ({ client: new HttpClient(app.url) });
