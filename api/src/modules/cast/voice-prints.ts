import type { EntityManager } from '@mikro-orm/postgresql';
import type { VoiceWindow } from '../../engines/diarization/diarizer';
import { cosine, printOf, type KnownVoice } from '../../engines/diarization/voice-match';
import { keepWindows, partsOf, relearn, setPart } from './voice-print-parts';

/**
 * A new voice scoring at least this against a known print, yet not matched to it (below the
 * match's 0.80, or too close to a runner-up), is offered to the GM as maybe that voice. How often
 * the offer is right at this threshold: docs/speakers.md ("The closest known voice").
 */
export const OFFER_THRESHOLD = 0.7;

/**
 * The campaign's voice prints, for the pipeline alone: they are personal data, so no schema,
 * export or share reads them. A print is the weighted mean of its speaker's parts, one per session
 * (voice-print-parts.ts), so corrections and a session processed again change a part, never add one.
 */
export class VoicePrintStore {
  constructor(private readonly em: EntityManager) {}

  /** Every cast label, and the voices among them that have a print. */
  async known(campaignId: string): Promise<{ labels: string[]; voices: KnownVoice[] }> {
    const rows = await this.em.execute<Array<{ label: string }>>(
      'select label from campaign_speakers where campaign_id = ? order by created_at, label',
      [campaignId],
    );
    const voices = (await partsOf(this.em, campaignId)).map((s) => ({ label: s.label, embedding: printOf(s.parts)! }));
    return { labels: rows.map((r) => r.label), voices };
  }

  /**
   * One session's voices as the pipeline found them (the speakers are in the cast already): its
   * windows are kept, and each heard speaker's part of the session is what the windows of its lines
   * say, or the voice's own print where none of its lines has a window. The session's earlier parts
   * are replaced, so a session processed again counts once. A voice new to the campaign (no print
   * from another session) keeps the closest known voice not heard in this session, where it scores
   * OFFER_THRESHOLD or more, for the GM to confirm or not.
   */
  async remember(
    campaignId: string,
    sessionId: string,
    heard: ReadonlyMap<string, number[]>,
    windows: readonly VoiceWindow[] = [],
  ): Promise<void> {
    await this.em.transactional(async (tx) => {
      await tx.execute('select id from campaigns where id = ? for update', [campaignId]);
      const others = (await partsOf(tx, campaignId)).flatMap((s) => {
        const parts = s.parts.filter((p) => p.session_id !== sessionId);
        return parts.length ? [{ ...s, print: printOf(parts)! }] : [];
      });
      const cast = await tx.execute<Array<{ id: string; label: string }>>(
        'select id, label from campaign_speakers where campaign_id = ? and label in (select jsonb_array_elements_text(?::jsonb))',
        [campaignId, JSON.stringify([...heard.keys()])],
      );
      await keepWindows(tx, sessionId, windows);
      await tx.execute('delete from voice_print_parts where session_id = ?', [sessionId]);
      for (const speaker of cast) {
        await setPart(tx, {
          speaker_id: speaker.id,
          session_id: sessionId,
          embedding: heard.get(speaker.label)!,
          weight: 1,
        });
      }
      await relearn(tx, [sessionId]);
      const strangers = others.filter((o) => !heard.has(o.label));
      for (const speaker of cast.filter((c) => !others.some((o) => o.id === c.id))) {
        const closest = closestKnown(heard.get(speaker.label)!, strangers);
        if (closest)
          await tx.execute('update campaign_speakers set closest_known_id = ? where id = ?', [closest, speaker.id]);
      }
    });
  }

  /** Forgets every voice print of the campaign, the windows they were made of and the offers made from them; how many prints there were. */
  async forget(campaignId: string): Promise<number> {
    return this.em.transactional(async (tx) => {
      const [{ prints }] = await tx.execute<Array<{ prints: number }>>(
        `select count(distinct p.speaker_id)::int as prints from voice_print_parts p
         join campaign_speakers c on c.id = p.speaker_id where c.campaign_id = ?`,
        [campaignId],
      );
      await tx.execute(
        'delete from voice_print_parts where speaker_id in (select id from campaign_speakers where campaign_id = ?)',
        [campaignId],
      );
      await tx.execute(
        'delete from session_voice_windows where session_id in (select id from sessions where campaign_id = ?)',
        [campaignId],
      );
      await tx.execute(
        `update campaign_speakers set closest_known_id = null, updated_at = now()
         where campaign_id = ? and closest_known_id is not null`,
        [campaignId],
      );
      return prints;
    });
  }
}

/** The id of the known voice `embedding` sounds most like, where it is close enough to offer. */
function closestKnown(embedding: readonly number[], known: ReadonlyArray<{ id: string; print: number[] }>) {
  let best: { id: string; score: number } | null = null;
  for (const k of known) {
    const score = cosine(embedding, k.print);
    if (score >= OFFER_THRESHOLD && (!best || score > best.score)) best = { id: k.id, score };
  }
  return best?.id ?? null;
}
