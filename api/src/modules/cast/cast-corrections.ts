import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { DomainError } from '../../kernel/errors';
import { parseInput } from '../../kernel/validation';
import { SEARCH_VECTOR } from '../../kernel/entities/search-vector';
import type { CampaignSpeaker } from '../../kernel/entities/speaker.entity';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { announceCast } from './cast-events';
import { mergeParts, relearn } from './voice-print-parts';

export const CORRECTION_MESSAGES = {
  sameVoice: 'Choose two different voices to merge',
  otherCampaign: 'Both voices must be of the same campaign',
  tooManyLines: 'Move at most 500 lines at once',
  lineNotFound: 'Transcript line not found',
} as const;

const lineIds = z.array(z.uuid()).min(1).max(500, CORRECTION_MESSAGES.tooManyLines);

/**
 * The GM's corrections of diarization: two voices that are one person merged (every line of the
 * one, in every session of the campaign, goes to the other, and so do its voice print's parts),
 * or lines moved to the voice that said them. Either way the windows of the lines teach the voice
 * the lines now have (voice-print-parts.ts: relearn). Returns the READY sessions whose summaries
 * tell the changed lines, for the caller to refresh.
 */
export async function mergeVoices(em: EntityManager, from: CampaignSpeaker, into: CampaignSpeaker): Promise<string[]> {
  if (from.id === into.id) throw new DomainError('BAD_USER_INPUT', CORRECTION_MESSAGES.sameVoice);
  if (from.campaign.id !== into.campaign.id) throw new DomainError('BAD_USER_INPUT', CORRECTION_MESSAGES.otherCampaign);
  const campaignId = into.campaign.id;
  return em.transactional(async (tx) => {
    await tx.execute('select id from campaigns where id = ? for update', [campaignId]);
    await mergeParts(tx, from.id, into.id);
    const sessions = await relabel(
      tx,
      `t.session_id in (select id from sessions where campaign_id = ?) and t.speaker = ?`,
      [campaignId, from.label],
      into.label,
    );
    await tx.execute('delete from campaign_speakers where id = ?', [from.id]);
    await tx.execute('update campaign_speakers set updated_at = now() where id = ?', [into.id]);
    await relearn(tx, sessions.touched);
    await announceCast(tx, campaignId);
    return sessions.ready;
  });
}

/** Moves lines (of sessions of the speaker's campaign, any other id refused as not found) to `speaker`. */
export async function moveLines(em: EntityManager, ids: unknown, speaker: CampaignSpeaker): Promise<string[]> {
  const parsed = parseInput(lineIds, ids);
  const campaignId = speaker.campaign.id;
  return em.transactional(async (tx) => {
    await tx.execute('select id from campaigns where id = ? for update', [campaignId]);
    const [{ found }] = await tx.execute<Array<{ found: number }>>(
      `select count(*)::int as found from transcript_segments t join sessions s on s.id = t.session_id
       where s.campaign_id = ? and t.id in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [campaignId, JSON.stringify(parsed)],
    );
    if (found !== new Set(parsed).size) throw new DomainError('NOT_FOUND', CORRECTION_MESSAGES.lineNotFound);
    const sessions = await relabel(
      tx,
      't.id in (select jsonb_array_elements_text(?::jsonb)::uuid)',
      [JSON.stringify(parsed)],
      speaker.label,
    );
    await relearn(tx, sessions.touched);
    await announceCast(tx, campaignId);
    return sessions.ready;
  });
}

/** Gives the lines `where` picks the label, their search vectors the new speaker's names; the sessions touched, and the READY ones. */
async function relabel(tx: EntityManager, where: string, params: unknown[], label: string) {
  const rows = await tx.execute<Array<{ session_id: string }>>(
    `update transcript_segments t set speaker = ?, updated_at = now() where ${where} returning t.session_id`,
    [label, ...params],
  );
  const touched = [...new Set(rows.map((r) => r.session_id))];
  if (!touched.length) return { touched, ready: [] };
  await tx.execute(
    `update transcript_segments t set search_vector = ${SEARCH_VECTOR('t.text', 't.table_talk', 't')}
     where t.session_id in (select jsonb_array_elements_text(?::jsonb)::uuid) and t.speaker = ?`,
    [JSON.stringify(touched), label],
  );
  const ready = await tx.execute<Array<{ id: string }>>(
    'select id from sessions where id in (select jsonb_array_elements_text(?::jsonb)::uuid) and status = ?',
    [JSON.stringify(touched), SessionStatus.READY],
  );
  return { touched, ready: ready.map((r) => r.id) };
}
