import type { EntityManager } from '@mikro-orm/postgresql';
import type { VoicePrintColumn } from '../../kernel/entities/speaker.entity';
import { meanPrint, type KnownVoice } from '../../engines/diarization/voice-match';

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
   * A session counts once per voice, so a rerun of its diarization must not call this again.
   */
  async remember(campaignId: string, heard: ReadonlyMap<string, number[]>): Promise<void> {
    if (!heard.size) return;
    await this.em.transactional(async (tx) => {
      const rows = await tx.execute<Array<{ label: string; voice_print: VoicePrintColumn | null }>>(
        `select label, voice_print from campaign_speakers
         where campaign_id = ? and label in (select jsonb_array_elements_text(?::jsonb)) for update`,
        [campaignId, JSON.stringify([...heard.keys()])],
      );
      for (const row of rows) {
        const print = meanPrint(row.voice_print, heard.get(row.label)!);
        await tx.execute('update campaign_speakers set voice_print = ?::jsonb where campaign_id = ? and label = ?', [
          JSON.stringify(print),
          campaignId,
          row.label,
        ]);
      }
    });
  }
}
