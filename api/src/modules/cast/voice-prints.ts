import type { EntityManager } from '@mikro-orm/postgresql';
import type { VoicePrintColumn } from '../../kernel/entities/speaker.entity';
import { cosine, meanPrint, type KnownVoice } from '../../engines/diarization/voice-match';

/**
 * A new voice scoring at least this against a known print, yet not matched to it (below the
 * match's 0.80, or too close to a runner-up), is offered to the GM as maybe that voice: one voice
 * scores 0.85–0.95 against itself and different ones 0.45–0.75 (docs/speakers.md), so below this
 * the offer would mostly name a stranger.
 */
export const OFFER_THRESHOLD = 0.7;

type PrintRow = { id: string; label: string; voice_print: VoicePrintColumn | null };

/**
 * The campaign's voice prints, for the pipeline alone: they are personal data, so no schema,
 * export or share reads them (the column is hidden and lazy on the entity).
 */
export class VoicePrintStore {
  constructor(private readonly em: EntityManager) {}

  /** Every cast label, and the voices among them that have a print. */
  async known(campaignId: string): Promise<{ labels: string[]; voices: KnownVoice[] }> {
    const rows = await this.em.execute<Array<{ label: string; voice_print: VoicePrintColumn | null }>>(
      'select label, voice_print from campaign_speakers where campaign_id = ? order by created_at, label',
      [campaignId],
    );
    return {
      labels: rows.map((r) => r.label),
      voices: rows.flatMap((r) => (r.voice_print ? [{ label: r.label, embedding: r.voice_print.embedding }] : [])),
    };
  }

  /**
   * Folds one session's embedding into each label's print (the speakers are in the cast already).
   * A voice new to the campaign (no print yet) keeps the closest known voice not heard in this
   * session, where it scores OFFER_THRESHOLD or more, for the GM to confirm or not.
   * A session counts once per voice, so a rerun of its diarization must not call this again.
   */
  async remember(campaignId: string, heard: ReadonlyMap<string, number[]>): Promise<void> {
    if (!heard.size) return;
    await this.em.transactional(async (tx) => {
      const rows = await tx.execute<PrintRow[]>(
        `select id, label, voice_print from campaign_speakers
         where campaign_id = ? and (voice_print is not null or label in (select jsonb_array_elements_text(?::jsonb)))
         order by created_at, label for update`,
        [campaignId, JSON.stringify([...heard.keys()])],
      );
      const others = rows.filter((r) => r.voice_print && !heard.has(r.label));
      for (const row of rows.filter((r) => heard.has(r.label))) {
        const embedding = heard.get(row.label)!;
        const closest = row.voice_print ? null : closestKnown(embedding, others);
        await tx.execute(
          `update campaign_speakers set voice_print = ?::jsonb, closest_known_id = coalesce(?, closest_known_id)
           where id = ?`,
          [JSON.stringify(meanPrint(row.voice_print, embedding)), closest, row.id],
        );
      }
    });
  }

  /** Forgets every voice print of the campaign (and the offers made from them); how many there were. */
  async forget(campaignId: string): Promise<number> {
    const rows = await this.em.execute<Array<{ had: boolean }>>(
      `update campaign_speakers c set voice_print = null, closest_known_id = null, updated_at = now()
       from campaign_speakers before where before.id = c.id and c.campaign_id = ?
         and (c.voice_print is not null or c.closest_known_id is not null)
       returning before.voice_print is not null as had`,
      [campaignId],
    );
    return rows.filter((r) => r.had).length;
  }
}

/** The id of the known voice `embedding` sounds most like, where it is close enough to offer. */
function closestKnown(embedding: readonly number[], known: readonly PrintRow[]): string | null {
  let best: { id: string; score: number } | null = null;
  for (const k of known) {
    const score = cosine(embedding, k.voice_print!.embedding);
    if (score >= OFFER_THRESHOLD && (!best || score > best.score)) best = { id: k.id, score };
  }
  return best?.id ?? null;
}
