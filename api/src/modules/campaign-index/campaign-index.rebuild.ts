import type { EntityManager } from '@mikro-orm/postgresql';
import { buildIndex, type IndexLine } from '../../engines/campaign-index/build-index';
import { findThreads } from '../../engines/campaign-index/open-threads';
import { parseVocabulary } from '../../engines/text/vocabulary';

interface LineRow {
  id: string;
  session_id: string;
  position: number;
  session_order: string;
  text: string;
  speaker: string | null;
  role: string | null;
}

/**
 * Builds a campaign's index again from its in-game lines, vocabulary, cast and the owner's merges,
 * and stores it with the open threads of the same lines: entries keep their ids (they are upserted
 * by key), mentions and threads are written anew. One
 * rebuild of a campaign at a time; one that finds the index current does nothing. No access check:
 * the pipeline calls this, and readers have passed the policy.
 */
export async function rebuildCampaignIndex(em: EntityManager, campaignId: string): Promise<void> {
  await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`campaign-index:${campaignId}`]);
    const [campaign] = await tx.execute<Array<{ vocabulary: string; index_changes: string; index_built: string }>>(
      'select vocabulary, index_changes, index_built from campaigns where id = ?',
      [campaignId],
    );
    if (!campaign || campaign.index_changes === campaign.index_built) return;
    const lines = await inGameLines(tx, campaignId);
    const characters = await tx.execute<Array<{ character_name: string }>>(
      'select character_name from campaign_speakers where campaign_id = ? and character_name is not null',
      [campaignId],
    );
    const merges = await tx.execute<Array<{ key: string; merged_into: string }>>(
      'select key, merged_into from campaign_index_edits where campaign_id = ? and merged_into is not null',
      [campaignId],
    );
    const entries = buildIndex({
      lines,
      vocabulary: parseVocabulary(campaign.vocabulary),
      characters: characters.map((c) => c.character_name),
      merges: new Map(merges.map((m) => [m.key, m.merged_into])),
    });

    await tx.execute(
      `insert into campaign_index_entries
         (campaign_id, key, name, kind, description, variants, first_session_id, last_session_id, mention_count, position,
          evidence, evidence_hash)
       select ?, x.key, x.name, x.kind, x.description, x.variants, x.first_session_id, x.last_session_id, x.mention_count, x.position,
         x.evidence, md5(x.name || E'\n' || x.kind || E'\n' || array_to_string(x.evidence, E'\n'))
       from jsonb_to_recordset(?::jsonb) as x(key text, name text, kind text, description text, variants text[],
         first_session_id uuid, last_session_id uuid, mention_count int, position int, evidence text[])
       on conflict (campaign_id, key) do update set name = excluded.name, kind = excluded.kind,
         description = excluded.description, variants = excluded.variants, first_session_id = excluded.first_session_id,
         last_session_id = excluded.last_session_id, mention_count = excluded.mention_count, position = excluded.position,
         evidence = excluded.evidence, evidence_hash = excluded.evidence_hash`,
      [
        campaignId,
        JSON.stringify(
          entries.map((e, position) => ({
            key: e.key,
            name: e.name,
            kind: e.kind,
            description: e.description,
            variants: e.variants,
            first_session_id: e.firstSessionId,
            last_session_id: e.lastSessionId,
            mention_count: e.mentions.length,
            position,
            evidence: e.evidence,
          })),
        ),
      ],
    );
    await tx.execute(
      `delete from campaign_index_entries
       where campaign_id = ? and key not in (select jsonb_array_elements_text(?::jsonb))`,
      [campaignId, JSON.stringify(entries.map((e) => e.key))],
    );
    await tx.execute(
      'delete from campaign_index_mentions where entry_id in (select id from campaign_index_entries where campaign_id = ?)',
      [campaignId],
    );
    await tx.execute(
      `insert into campaign_index_mentions (entry_id, segment_id, start_char, end_char)
       select e.id, x.segment_id, x.start_char, x.end_char
       from jsonb_to_recordset(?::jsonb) as x(key text, segment_id uuid, start_char int, end_char int)
       join campaign_index_entries e on e.campaign_id = ? and e.key = x.key
       on conflict do nothing`,
      [
        JSON.stringify(
          entries.flatMap((e) =>
            e.mentions.map((m) => ({ key: e.key, segment_id: m.lineId, start_char: m.start, end_char: m.end })),
          ),
        ),
        campaignId,
      ],
    );
    // The open threads of the same lines, kept like the entries: a read of them reads no lines.
    await tx.execute('delete from campaign_index_threads where campaign_id = ?', [campaignId]);
    await tx.execute(
      `insert into campaign_index_threads (campaign_id, position, kind, text, segment_id)
       select ?, x.position, x.kind, x.text, x.segment_id
       from jsonb_to_recordset(?::jsonb) as x(position int, kind text, text text, segment_id uuid)`,
      [
        campaignId,
        JSON.stringify(
          findThreads(lines)
            .filter((t) => !t.resolvedBy)
            .map((t, position) => ({ position, kind: t.kind, text: t.text, segment_id: t.lineId })),
        ),
      ],
    );
    await tx.execute('update campaigns set index_built = ? where id = ?', [campaign.index_changes, campaignId]);
  });
}

/**
 * A campaign's in-game lines that everyone it is shared with may read, sessions in the order they
 * were played, each with its speaker and, once the cast names a GM, whether the GM said it (a name
 * the GM introduces is an index entry). The index and the open threads are built from these only:
 * a GM-only line never becomes an entry, a mention, a description or a thread, for anyone.
 */
export async function inGameLines(em: EntityManager, campaignId: string): Promise<IndexLine[]> {
  const rows = await em.execute<LineRow[]>(
    `select t.id, t.session_id, t.position, t.text, t.speaker, c.role,
            dense_rank() over (order by coalesce(s.played_on, s.created_at::date), s.created_at, s.id) as session_order
     from transcript_segments t join sessions s on s.id = t.session_id
     left join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
     where s.campaign_id = ? and not t.table_talk and not t.gm_only
     order by session_order, t.position`,
    [campaignId],
  );
  const [cast] = await em.execute<Array<{ gm: boolean }>>(
    `select exists (select 1 from campaign_speakers where campaign_id = ? and role = 'GM') as gm`,
    [campaignId],
  );
  return rows.map((r) => ({
    sessionId: r.session_id,
    sessionOrder: Number(r.session_order),
    position: r.position,
    lineId: r.id,
    text: r.text,
    speaker: r.speaker,
    // Without a GM in the cast the index takes the voice that talks most for the GM.
    ...(cast?.gm && r.speaker && { narration: r.role === 'GM' }),
  }));
}

/** Whether the campaign's index is behind what it is built from. */
export async function indexIsStale(em: EntityManager, campaignId: string): Promise<boolean> {
  const [row] = await em.execute<Array<{ stale: boolean }>>(
    'select index_changes <> index_built as stale from campaigns where id = ?',
    [campaignId],
  );
  return row?.stale ?? false;
}
