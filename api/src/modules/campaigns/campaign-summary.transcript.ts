import type { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignRole } from '../../policy/policy';
import type { TranscriptService } from '../transcripts';

interface Row {
  id: string;
  title: string;
  played: string;
}

/**
 * A campaign's full transcript (docs/product.md#rest-endpoints's `fullTranscript` of its summaries): each processed
 * session in play order, headed by its title and the day it was played, then its transcript as
 * `role` may read it, exactly as the session's own `fullTranscript` (no GM-only line for a
 * recipient; table talk kept, as the session's gives it). One read per session: only the REST
 * summaries ask for it, and a campaign's sessions are dozens, not thousands.
 */
export async function campaignTranscript(
  em: EntityManager,
  transcripts: TranscriptService,
  campaignId: string,
  role: CampaignRole,
): Promise<string> {
  const sessions = await em.execute<Row[]>(
    `select id, title, to_char(coalesce(played_on, created_at::date), 'YYYY-MM-DD') as played
     from sessions where campaign_id = ? and status = 'READY'
     order by coalesce(played_on, created_at::date), created_at, id`,
    [campaignId],
  );
  const parts: string[] = [];
  for (const s of sessions) {
    const text = (await transcripts.spokenTranscript(s.id, role)) ?? (await storedTranscript(em, s.id));
    parts.push(`${s.title} (played ${s.played})\n\n${text.trim()}`);
  }
  return parts.join('\n\n');
}

/** Where no line is hidden from the reader and none has a speaker, the stored text is the transcript (as the session reads it). */
async function storedTranscript(em: EntityManager, sessionId: string): Promise<string> {
  const [row] = await em.execute<Array<{ full_transcript: string }>>(
    'select full_transcript from sessions where id = ?',
    [sessionId],
  );
  return row?.full_transcript ?? '';
}
