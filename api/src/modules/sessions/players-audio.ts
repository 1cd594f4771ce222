import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { joinSpans, type Span } from '../../engines/audio/players-rendition';
import { playersAudioKey } from '../../storage/storage-key';
import { SESSION_UPDATED_CHANNEL, type SessionUpdate } from './session-events';

/** What players hear of a session, told by its GM-only marks as they are now. */
export interface PlayersAudio {
  /** The stretches of the recording players must not hear: its GM-only lines', joined. */
  spans: Span[];
  /** The key of the copy silent over exactly those; null when there is nothing to silence. */
  key: string | null;
  /**
   * Names what a recipient hears now (a hash of the spans): in their audio URL, so the URL changes
   * with the marks and no player or cache can reuse what an older URL answered.
   */
  version: string;
}

/** What players must not hear of a session, and where the copy silent over it is kept. */
export async function playersAudio(em: EntityManager, sessionId: string): Promise<PlayersAudio> {
  const rows = await em.execute<Array<{ start_ms: number; end_ms: number }>>(
    'select start_ms, end_ms from transcript_segments where session_id = ? and gm_only order by position',
    [sessionId],
  );
  const spans = joinSpans(rows.map((r) => ({ startMs: r.start_ms, endMs: r.end_ms })));
  const version = createHash('sha256').update(JSON.stringify(spans)).digest('hex').slice(0, 16);
  return { spans, key: spans.length ? playersAudioKey(sessionId, version) : null, version };
}

/**
 * Tells the session's live watchers (recipients' players among them) that what players hear
 * changed. Run in the transaction that changed the marks: PostgreSQL sends the NOTIFY at commit,
 * never before the new marks can be read, and the touched updated_at has a listener that was
 * reconnecting meanwhile publish it again.
 */
export async function announcePlayersAudio(tx: EntityManager, sessionId: string): Promise<void> {
  const [row] = await tx.execute<
    Array<{ campaign_id: string; status: SessionUpdate['status']; stage: string | null; progress: number }>
  >('update sessions set updated_at = now() where id = ? returning campaign_id, status, stage, progress', [sessionId]);
  if (!row) return;
  const update: SessionUpdate = {
    sessionId,
    campaignId: row.campaign_id,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
  };
  await tx.execute('select pg_notify(?, ?)', [SESSION_UPDATED_CHANNEL, JSON.stringify(update)]);
}
