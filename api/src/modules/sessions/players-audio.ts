import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { joinSpans, type Span } from '../../engines/audio/players-rendition';
import { playersAudioKey } from '../../storage/storage-key';

/**
 * What players must not hear of a session: its GM-only lines' stretches of the recording, joined,
 * and the key of the copy silent over exactly those (null when there is nothing to silence).
 */
export async function playersAudio(
  em: EntityManager,
  sessionId: string,
): Promise<{ spans: Span[]; key: string | null }> {
  const rows = await em.execute<Array<{ start_ms: number; end_ms: number }>>(
    'select start_ms, end_ms from transcript_segments where session_id = ? and gm_only order by position',
    [sessionId],
  );
  const spans = joinSpans(rows.map((r) => ({ startMs: r.start_ms, endMs: r.end_ms })));
  if (!spans.length) return { spans, key: null };
  const id = createHash('sha256').update(JSON.stringify(spans)).digest('hex').slice(0, 16);
  return { spans, key: playersAudioKey(sessionId, id) };
}
