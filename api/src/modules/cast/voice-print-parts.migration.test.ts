import { randomUUID } from 'node:crypto';
import { appWithUsers, createCampaign } from '../../../test/factories';
import { addToCast } from './cast.service';
import { VoicePrintStore } from './voice-prints';

/*
 * The prints kept before parts (one voice_print column per speaker) survive the move to parts:
 * up, each becomes a part without a session weighing its sessions; down, the column comes back.
 */

const ctx = appWithUsers(['owner']);
const BEFORE = 'Migration20261211000000_text_search_per_language';

it('moves each voice_print into a part without a session, and back', async () => {
  const campaignId = await createCampaign(ctx.owner, `Legacy ${randomUUID().slice(0, 8)}`);
  const em = ctx.app.orm.em.fork();
  await addToCast(em, campaignId, ['Speaker 1', 'Speaker 2']);
  const migrator = ctx.app.orm.getMigrator();
  await migrator.down({ to: BEFORE });
  try {
    const embedding = Array.from({ length: 256 }, (_, i) => (i === 3 ? 1 : 0));
    await em.execute(
      `update campaign_speakers set voice_print = ?::jsonb where campaign_id = ? and label = 'Speaker 1'`,
      [JSON.stringify({ embedding, sessions: 3 }), campaignId],
    );
  } finally {
    await migrator.up();
  }
  const parts = await em.execute<Array<{ session_id: string | null; weight: number }>>(
    `select p.session_id, p.weight from voice_print_parts p join campaign_speakers c on c.id = p.speaker_id
     where c.campaign_id = ?`,
    [campaignId],
  );
  expect(parts).toEqual([{ session_id: null, weight: 3 }]);
  const { voices } = await new VoicePrintStore(ctx.app.orm.em.fork()).known(campaignId);
  expect(voices.map((v) => [v.label, v.embedding[3]])).toEqual([['Speaker 1', 1]]);

  await migrator.down({ to: BEFORE });
  try {
    const [back] = await em.execute<Array<{ sessions: number; x: number }>>(
      `select (voice_print->>'sessions')::int as sessions, (voice_print->'embedding'->>3)::float8 as x
       from campaign_speakers where campaign_id = ? and label = 'Speaker 1'`,
      [campaignId],
    );
    expect(back).toEqual({ sessions: 3, x: 1 });
  } finally {
    await migrator.up();
  }
});
