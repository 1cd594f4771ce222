import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ref } from '@mikro-orm/core';
import { startTestApp, type TestApp } from './app';
import { createSession, createUser, type TestUser } from './factories';
import { HttpClient } from './http-client';
import { User } from '../src/kernel/entities/user.entity';
import { Campaign } from '../src/kernel/entities/campaign.entity';
import { CampaignSummary, CampaignSummaryType } from '../src/kernel/entities/campaign-summary.entity';
import { CampaignShare } from '../src/kernel/entities/campaign-share.entity';
import { CampaignSpeaker } from '../src/kernel/entities/speaker.entity';
import { rebuildCampaignIndex } from '../src/modules/campaign-index/campaign-index.rebuild';
import { createStorage } from '../src/storage/create-storage';
import { sessionAudioKey } from '../src/storage/storage-key';
import type { AudioStorage } from '../src/storage/storage';
import { OPS, type Role, type World } from './permission-matrix.ops';

describe('permission matrix (docs/product.md#roles)', () => {
  let app: TestApp;
  let storage: AudioStorage;
  let storageDir: string;
  const users = {} as Record<Exclude<Role, 'signedOut'>, TestUser>;
  beforeAll(async () => {
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-audio-'));
    app = await startTestApp({ STORAGE_DIR: storageDir });
    storage = createStorage(app.config);
    users.owner = await createUser(app);
    users.recipient = await createUser(app);
    users.stranger = await createUser(app);
    users.revoked = await createUser(app);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  /** A fresh world per case, so a successful write cannot change what the next case sees. */
  async function world(): Promise<World> {
    const em = app.orm.em.fork();
    const owner = em.getReference(User, users.owner.id);
    const [campaign, empty, target] = ['Shared', 'Empty', 'Target'].map((title) =>
      em.create(Campaign, { owner, title }),
    );
    const summary = em.create(CampaignSummary, { campaign, type: CampaignSummaryType.BRIEF, text: 'b' });
    const shares = [
      [campaign, users.recipient],
      [empty, users.recipient],
      [campaign, users.revoked],
    ].map(([c, recipient]) =>
      em.create(CampaignShare, {
        campaign: c as Campaign,
        recipientEmail: (recipient as TestUser).email,
        recipient: ref(em.getReference(User, (recipient as TestUser).id)),
        createdBy: owner,
      }),
    );
    await em.flush();
    const session = await createSession(app, campaign.id);
    // A recording to stream (any bytes: the endpoint serves the upload as stored).
    const audioKey = sessionAudioKey(session.id, '.mp3');
    await storage.put(audioKey, Readable.from([Buffer.alloc(4096, 7)]));
    await em.execute('update sessions set storage_key = ? where id = ?', [audioKey, session.id]);
    const speaker = em.create(CampaignSpeaker, { campaign, label: 'sam' });
    await em.flush();
    await em.execute(
      `insert into transcript_segments (id, created_at, updated_at, session_id, position, start_ms, end_ms, text, table_talk, words)
       values (gen_random_uuid(), now(), now(), ?, 0, 0, 4000, 'Vessaline meets Grimble in Morrowgate.', false, '[]')`,
      [session.id],
    );
    await rebuildCampaignIndex(app.orm.em.fork(), campaign.id);
    const entries = await em.execute<Array<{ id: string }>>(
      'select id from campaign_index_entries where campaign_id = ? order by position',
      [campaign.id],
    );
    return {
      campaign: campaign.id,
      empty: empty.id,
      target: target.id,
      session: session.id,
      summary: summary.id,
      share: shares[0].id,
      revokedShare: shares[2].id,
      speaker: speaker.id,
      entry: entries[0].id,
      otherEntry: entries[1].id,
    };
  }

  const cases = OPS.flatMap((op) =>
    (Object.keys(op.expected) as Role[]).map((role) => [op.name, role, op.expected[role]!, op] as const),
  );

  /**
   * A world the last case was refused in, its snapshot unchanged: the next case starts from it
   * rather than building one more (half the cases). Any case that may write, or revokes, leaves none.
   */
  let untouched: World | undefined;

  it.each(cases)('%s as %s → %s', async (_name, role, expected, op) => {
    const w = untouched ?? (await world());
    untouched = undefined;
    if (role === 'revoked') {
      const revoked = await users.owner.client.gql('mutation($id: ID!) { revokeShare(shareId: $id) }', {
        id: w.revokedShare,
      });
      expect(revoked.body).toEqual({ data: { revokeShare: true } });
    }
    const client = role === 'signedOut' ? new HttpClient(app.url) : users[role].client;
    const password = role === 'signedOut' ? 'whatever-1' : users[role].password;
    const before = await snapshot(w);
    const { outcome, body } = await op.run(client, w, password);
    expect({ outcome, body }).toEqual({ outcome: expected, body: expect.anything() });
    // A refused call changes nothing.
    if (expected !== 'ok') {
      expect(await snapshot(w)).toEqual(before);
      if (role !== 'revoked') untouched = w;
    }
  });

  /** Every row of the world as the database holds it. */
  async function snapshot(w: World): Promise<unknown> {
    const db = app.orm.em.fork().getConnection();
    const ids = [w.campaign, w.empty, w.target];
    return {
      campaigns: await db.execute(
        'select id, title, last_edited_at from campaigns where id in (?, ?, ?) order by id',
        ids,
      ),
      sessions: await db.execute('select * from sessions where id = ?', [w.session]),
      lines: await db.execute('select * from transcript_segments where session_id = ? order by position', [w.session]),
      speakers: await db.execute('select * from campaign_speakers where campaign_id = ? order by id', [w.campaign]),
      summaries: await db.execute(
        'select id, type, text from campaign_summaries where campaign_id in (?, ?, ?) order by id',
        ids,
      ),
      shares: await db.execute(
        'select id, recipient_email from campaign_shares where campaign_id in (?, ?, ?) order by id',
        ids,
      ),
      ownCampaigns: await db.execute('select count(*)::int as n from campaigns where owner_id = ?', [users.owner.id]),
      indexEdits: await db.execute('select * from campaign_index_edits where campaign_id = ? order by key', [
        w.campaign,
      ]),
    };
  }

  it('a stranger probing ids learns nothing: other users’ ids, random uuids and malformed ids answer byte-identically', async () => {
    const w = await world();
    const stranger = users.stranger.client;
    const probes = [
      { kind: 'campaign', ids: [w.campaign, w.empty, w.target] },
      { kind: 'session', ids: [w.session] },
      { kind: 'share', ids: [w.share] },
      { kind: 'speaker', ids: [w.speaker] },
      { kind: 'entry', ids: [w.entry] },
    ];
    const fakes = ['00000000-0000-4000-8000-000000000000', crypto.randomUUID(), 'abc', '1', "x' or '1'='1", '%20'];
    for (const { kind, ids } of probes) {
      const calls = OPS.filter((op) => op.expected.stranger === 'NOT_FOUND' && usesKind(op.name, kind));
      expect(calls.length).toBeGreaterThan(0);
      for (const op of calls) {
        const answers = new Set<string>();
        for (const id of [...ids, ...fakes]) {
          const probe: World = { ...w, campaign: id, empty: id, session: id, share: id, speaker: id, entry: id };
          const res = await op.run(stranger, probe, users.stranger.password);
          answers.add(JSON.stringify(res));
        }
        expect({ op: op.name, answers: [...answers] }).toEqual({
          op: op.name,
          answers: [expect.stringContaining('NOT_FOUND')],
        });
      }
    }
  });
});

/** Which kind of id an operation takes (campaign, session, share, speaker or index entry), from its name. */
function usesKind(name: string, kind: string): boolean {
  const shareOps = ['remove_shared', 'removeSharedCampaign', 'revoke_share', 'revokeShare', 'SharedCampaignSeen'];
  if (name.includes('import')) return kind === 'campaign';
  if (name.includes('updateSpeaker')) return kind === 'speaker';
  if (name.includes('IndexEntry') || name.includes('indexEntry')) return kind === 'entry';
  const sessionOps = [
    'session_details',
    'campaign_and_summary',
    'update_title',
    'move_transcript',
    'delete_transcript',
    'update_transcript',
    'update_session_summary',
    'transcript.',
    'GraphQL session',
    '/audio',
    'Session',
  ];
  if (shareOps.some((s) => name.includes(s))) return kind === 'share';
  return sessionOps.some((s) => name.includes(s)) ? kind === 'session' : kind === 'campaign';
}
