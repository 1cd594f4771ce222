import { randomUUID } from 'node:crypto';
import type { HttpClient } from '../../../test/http-client';
import { waitForStatus } from '../../../test/processing';
import {
  importByRest,
  importsWorld,
  signedOut,
  SRT,
  storedCues,
  VTT,
  withoutMarks,
} from '../../../test/transcript-imports';
import { parseTranscript } from '../../engines/transcript-formats/parse';
import { SessionStatus } from '../../kernel/entities/session.entity';

/*
 * Issue 15's transcript exports end to end, of sessions imported through the real pipeline (real
 * PostgreSQL, Temporal server and worker): round trips, what is shown, names and who may export.
 */

const world = importsWorld('The Old Mine');

async function exported(user: { client: HttpClient }, sessionId: string, format: string, query = '') {
  const cookie = [...user.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${world.app.url}/api/sessions/${sessionId}/transcript.${format}${query}`, {
    headers: { cookie },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('exporting a transcript', () => {
  let vttSession: string;
  let srtSession: string;

  beforeAll(async () => {
    const vtt = await importByRest(world.owner, world.campaignId, 'Round trip.vtt', Buffer.from(VTT));
    const srt = await importByRest(world.owner, world.campaignId, 'Round trip.srt', Buffer.from(SRT));
    [vttSession, srtSession] = [vtt.body.transcript_id, srt.body.transcript_id];
    for (const id of [vttSession, srtSession]) await waitForStatus(world.app, id, [SessionStatus.READY], 120_000);
  }, 180_000);

  it('round-trips WebVTT and SubRip: the exported file reads back as the imported cues, to the ms', async () => {
    for (const [id, source, format] of [
      [vttSession, VTT, 'vtt'],
      [srtSession, SRT, 'srt'],
    ] as const) {
      const file = await exported(world.owner, id, format, '?table_talk=include');
      expect(file.status).toBe(200);
      const reread = parseTranscript(Buffer.from(file.text));
      expect(reread.format).toBe(format);
      expect(reread.cues).toEqual(parseTranscript(Buffer.from(source)).cues);
    }
  });

  it('gives what the transcript view shows by default (no table talk), with a safe file name', async () => {
    const db = world.app.orm.em.fork().getConnection();
    await db.execute('update transcript_segments set table_talk = (position = 2) where session_id = ?', [vttSession]);
    await db.execute('update sessions set title = ? where id = ?', ['Night "1": ../../etc/passwd\\é', vttSession]);
    const file = await exported(world.owner, vttSession, 'vtt');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const disposition = file.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="Night 1 \.\. \.\. etc passwd \?\.vtt"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('Night 1 .. .. etc passwd é.vtt');
    const shown = (await storedCues(world.app, vttSession)).filter((c) => !c.tableTalk);
    expect(parseTranscript(Buffer.from(file.text)).cues).toEqual(withoutMarks(shown));
    expect(shown).toHaveLength(3);
    const srt = await exported(world.owner, srtSession, 'srt');
    expect(srt.headers.get('content-type')).toBe('application/x-subrip; charset=utf-8');
    expect(srt.text.startsWith('1\r\n') || srt.text.startsWith('1\n')).toBe(true);
  });

  it('names speakers as the cast does', async () => {
    const cast = await world.owner.client.gql<{ campaign: { cast: Array<{ id: string; label: string }> } }>(
      'query($id: ID!) { campaign(id: $id) { cast { id label } } }',
      { id: world.campaignId },
    );
    const theo = cast.body.data!.campaign.cast.find((s) => s.label === 'Theo')!;
    const named = await world.owner.client.gql(
      'mutation($id: ID!) { updateSpeaker(id: $id, input: { characterName: "Brother Theodric" }) { id } }',
      { id: theo.id },
    );
    expect(named.body.errors).toBeUndefined();
    const file = await exported(world.owner, srtSession, 'srt', '?table_talk=include');
    expect(file.text).toContain('Brother Theodric (Theo): I sharpen my axe by the fire.');
  });

  it('lets a recipient export what they may read; a stranger gets the same 404 as a missing session', async () => {
    expect((await exported(world.recipient, srtSession, 'srt')).status).toBe(200);
    const theirs = await exported(world.stranger, srtSession, 'vtt');
    const missing = await exported(world.stranger, randomUUID(), 'vtt');
    expect(theirs.status).toBe(404);
    expect(theirs.text).toBe(missing.text);
    expect((await exported(world.owner, srtSession, 'txt')).status).toBe(404);
    expect((await exported(signedOut(world.app), srtSession, 'vtt')).status).toBe(401);
  });
});
