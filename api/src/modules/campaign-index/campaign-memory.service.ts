import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MemoryWriter } from '../../engines/campaign-index/memory-writer';
import type { EntryKind } from '../../engines/campaign-index/kinds';
import { STOP_WORDS } from '../../engines/text/tokenize';
import { rebuildCampaignIndex } from './campaign-index.rebuild';
import type { OpenThread } from './campaign-index.type';

/** Entries described per run: a first run over a long campaign finishes in the next ones. */
const DESCRIBED_PER_RUN = 400;

interface StorySession {
  id: string;
  title: string;
  summary: string;
}

interface StoredThread {
  kind: 'quest' | 'promise';
  text: string;
  sessionId: string;
  lineId: string;
}

/**
 * The campaign's long-term memory as a language model writes it (INDEX_ENGINE=openai): index
 * descriptions from the sentences that mention each entry, and the quests and promises still open
 * from the sessions' stories. Both are read only from what everyone may read (lines that are not
 * GM-only, summaries that are not GM-only), and each is used only while what it was written from is
 * unchanged: anything else reads the offline text.
 */
export class CampaignMemoryService {
  constructor(
    private readonly em: EntityManager,
    private readonly writer: MemoryWriter | undefined,
  ) {}

  /** After a session changed: writes what is new or changed; nothing without a writer. */
  async writeForSession(sessionId: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
    if (!this.writer) return;
    const [row] = await this.em.execute<Array<{ campaign_id: string }>>(
      'select campaign_id from sessions where id = ?',
      [sessionId],
    );
    if (!row) return;
    await rebuildCampaignIndex(this.em, row.campaign_id);
    await this.describe(row.campaign_id, this.writer, opts);
    await this.writeThreads(row.campaign_id, this.writer, opts);
  }

  private async describe(campaignId: string, writer: MemoryWriter, opts: { signal?: AbortSignal }): Promise<void> {
    const stale = await this.em.execute<
      Array<{ key: string; name: string; kind: EntryKind; evidence: string[]; evidence_hash: string }>
    >(
      `select key, name, kind, evidence, evidence_hash from campaign_index_entries
       where campaign_id = ? and cardinality(evidence) > 0 and written_for is distinct from evidence_hash
       order by position limit ?`,
      [campaignId, DESCRIBED_PER_RUN],
    );
    if (!stale.length) return;
    const written = await writer.describe(stale, opts);
    const rows = stale.flatMap((e) => {
      const text = written.get(e.key);
      return text ? [{ key: e.key, text, hash: e.evidence_hash }] : [];
    });
    // Only where the evidence is still what was described: a rebuild meanwhile wins.
    await this.em.execute(
      `update campaign_index_entries e set written_description = x.text, written_for = x.hash
       from jsonb_to_recordset(?::jsonb) as x(key text, text text, hash text)
       where e.campaign_id = ? and e.key = x.key and e.evidence_hash = x.hash`,
      [JSON.stringify(rows), campaignId],
    );
  }

  private async writeThreads(campaignId: string, writer: MemoryWriter, opts: { signal?: AbortSignal }): Promise<void> {
    const story = await campaignStory(this.em, campaignId);
    const [stored] = await this.em.execute<Array<{ written_for: string }>>(
      'select written_for from campaign_written_threads where campaign_id = ?',
      [campaignId],
    );
    if (stored?.written_for === story.hash) return;
    const threads = await writer.openThreads(story.sessions, opts);
    // Only the sessions a thread came up in: a campaign's lines are a million words.
    const lines = await openLines(this.em, [...new Set(threads.map((t) => story.sessions[t.session].id))]);
    const linked: StoredThread[] = threads.flatMap((t) => {
      const session = story.sessions[t.session];
      const line = bestLine(t.text, lines.get(session.id) ?? []);
      return line ? [{ kind: t.kind, text: t.text, sessionId: session.id, lineId: line.id }] : [];
    });
    await this.em.execute(
      `insert into campaign_written_threads (campaign_id, written_for, threads) values (?, ?, ?::jsonb)
       on conflict (campaign_id) do update set written_for = excluded.written_for, threads = excluded.threads,
         written_at = now()`,
      [campaignId, story.hash, JSON.stringify(linked)],
    );
  }
}

/**
 * The open threads a writer wrote for the campaign, if they are still current: written from the
 * sessions' stories as they are now, every line they link to still one everyone may read. Null
 * otherwise (no writer, not written yet, or something changed since): the offline rules answer.
 */
export async function writtenThreads(em: EntityManager, campaignId: string): Promise<OpenThread[] | null> {
  const [stored] = await em.execute<Array<{ written_for: string; threads: StoredThread[] }>>(
    'select written_for, threads from campaign_written_threads where campaign_id = ?',
    [campaignId],
  );
  if (!stored || stored.written_for !== (await campaignStory(em, campaignId)).hash) return null;
  const lines = await em.execute<Array<{ id: string; start_ms: number; session_id: string; title: string }>>(
    `select t.id, t.start_ms, t.session_id, s.title from transcript_segments t join sessions s on s.id = t.session_id
     where t.id in (select (jsonb_array_elements_text(?::jsonb))::uuid) and not t.gm_only and not t.table_talk`,
    [JSON.stringify(stored.threads.map((t) => t.lineId))],
  );
  const byId = new Map(lines.map((l) => [l.id, l]));
  if (stored.threads.some((t) => !byId.has(t.lineId))) return null;
  return stored.threads.map((t) => {
    const line = byId.get(t.lineId)!;
    return {
      kind: t.kind,
      text: t.text,
      session: { id: line.session_id, title: line.title },
      lineId: line.id,
      startMs: line.start_ms,
    };
  });
}

/**
 * The campaign's story as everyone may read it: its READY sessions in play order with their
 * moderate summaries (written from lines that are not GM-only), leaving out sessions whose
 * summaries are GM-only; and a hash of it, which says whether written threads are still current.
 */
async function campaignStory(
  em: EntityManager,
  campaignId: string,
): Promise<{ sessions: StorySession[]; hash: string }> {
  const sessions = await em.execute<StorySession[]>(
    `select id, title, moderate_summary as summary from sessions
     where campaign_id = ? and status = 'READY' and not summaries_gm_only
     order by coalesce(played_on, created_at::date), created_at, id`,
    [campaignId],
  );
  const hash = createHash('sha256');
  for (const s of sessions) hash.update(`${s.id}\n${s.title}\n${s.summary}\n\u0000`);
  return { sessions, hash: hash.digest('hex') };
}

async function openLines(
  em: EntityManager,
  sessionIds: string[],
): Promise<Map<string, Array<{ id: string; text: string }>>> {
  const rows = await em.execute<Array<{ id: string; session_id: string; text: string }>>(
    `select id, session_id, text from transcript_segments
     where session_id in (select (jsonb_array_elements_text(?::jsonb))::uuid) and not gm_only and not table_talk
     order by session_id, position`,
    [JSON.stringify(sessionIds)],
  );
  const bySession = new Map<string, Array<{ id: string; text: string }>>();
  for (const r of rows) {
    const lines = bySession.get(r.session_id);
    if (lines) lines.push(r);
    else bySession.set(r.session_id, [r]);
  }
  return bySession;
}

const words = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z][a-z']+/g) ?? []).filter((w) => w.length > 2 && !STOP_WORDS.has(w)));

/** The session's line sharing most words with the thread (the earliest of equals); its first line failing any. */
function bestLine<T extends { text: string }>(thread: string, lines: T[]): T | undefined {
  const wanted = words(thread);
  let best: T | undefined;
  let most = 0;
  for (const line of lines) {
    let shared = 0;
    for (const w of words(line.text)) if (wanted.has(w)) shared++;
    if (shared > most) [best, most] = [line, shared];
  }
  return best ?? lines[0];
}
