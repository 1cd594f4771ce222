import type { EntityManager } from '@mikro-orm/postgresql';
import type { VoiceWindow } from '../../engines/diarization/diarizer';
import { printOf } from '../../engines/diarization/voice-match';
import { voicesOfWindows } from '../../engines/diarization/window-voices';

/**
 * The parts a campaign's voice prints are made of (voice_print_parts): one per speaker and session,
 * from the windows of the lines the speaker says in it (session_voice_windows), or from the voice
 * the service found where the session has no windows; a print is its parts' weighted mean.
 */

export interface PartRow {
  speaker_id: string;
  session_id: string | null;
  embedding: number[];
  weight: number;
}

/** Each speaker of the campaign that has a print, with its parts, in cast order. */
export async function partsOf(em: EntityManager, campaignId: string) {
  const rows = await em.execute<Array<PartRow & { label: string }>>(
    `select p.speaker_id, p.session_id, p.embedding, p.weight, c.label
     from voice_print_parts p join campaign_speakers c on c.id = p.speaker_id
     where c.campaign_id = ? order by c.created_at, c.label, p.session_id nulls first`,
    [campaignId],
  );
  const speakers = new Map<string, { id: string; label: string; parts: PartRow[] }>();
  for (const row of rows) {
    const speaker = speakers.get(row.speaker_id) ?? { id: row.speaker_id, label: row.label, parts: [] };
    speaker.parts.push(row);
    speakers.set(row.speaker_id, speaker);
  }
  return [...speakers.values()];
}

/** Keeps a session's windows in place of any it had (a session processed again keeps the new ones). */
export async function keepWindows(tx: EntityManager, sessionId: string, windows: readonly VoiceWindow[]) {
  await tx.execute('delete from session_voice_windows where session_id = ?', [sessionId]);
  if (!windows.length) return;
  await tx.execute(
    `insert into session_voice_windows (session_id, start_ms, end_ms, embedding)
     select ?, x.start_ms, x.end_ms, x.embedding from jsonb_to_recordset(?::jsonb) as x(start_ms int, end_ms int, embedding real[])`,
    [sessionId, JSON.stringify(windows.map((w) => ({ start_ms: w.startMs, end_ms: w.endMs, embedding: w.embedding })))],
  );
}

/** Sets a speaker's part of a session (null: the part kept from before parts). */
export async function setPart(tx: EntityManager, part: PartRow) {
  await tx.execute(
    `insert into voice_print_parts (speaker_id, session_id, embedding, weight) values (?, ?, ?::real[], ?)
     on conflict on constraint voice_print_parts_speaker_session_unique
     do update set embedding = excluded.embedding, weight = excluded.weight`,
    [part.speaker_id, part.session_id, `{${part.embedding.join(',')}}`, part.weight],
  );
}

/**
 * Rebuilds the speakers' parts of these sessions from their windows and who says each line now:
 * after a merge or a move the moved lines' windows teach the voice they were given. A speaker left
 * with no line in a session loses its part of it. Sessions without windows keep their parts.
 */
export async function relearn(tx: EntityManager, sessionIds: readonly string[]) {
  for (const sessionId of sessionIds) {
    const windows = await tx.execute<Array<{ start_ms: number; end_ms: number; embedding: number[] }>>(
      'select start_ms, end_ms, embedding from session_voice_windows where session_id = ?',
      [sessionId],
    );
    if (!windows.length) continue;
    const lines = await tx.execute<Array<{ start_ms: number; end_ms: number; speaker: string; speaker_id: string }>>(
      `select t.start_ms, t.end_ms, t.speaker, c.id as speaker_id from transcript_segments t
       join sessions s on s.id = t.session_id
       join campaign_speakers c on c.campaign_id = s.campaign_id and c.label = t.speaker
       where t.session_id = ?`,
      [sessionId],
    );
    const heard = voicesOfWindows(
      lines.map((l) => ({ startMs: l.start_ms, endMs: l.end_ms, speaker: l.speaker })),
      windows.map((w) => ({ startMs: w.start_ms, endMs: w.end_ms, embedding: w.embedding })),
    );
    const ids = new Map(lines.map((l) => [l.speaker, l.speaker_id]));
    await tx.execute(
      `delete from voice_print_parts where session_id = ?
       and speaker_id not in (select jsonb_array_elements_text(?::jsonb)::uuid)`,
      [sessionId, JSON.stringify([...new Set(ids.values())])],
    );
    for (const [label, voice] of heard) {
      await setPart(tx, { speaker_id: ids.get(label)!, session_id: sessionId, embedding: voice.embedding, weight: 1 });
    }
  }
}

/**
 * Gives `fromId`'s parts to `intoId` before `fromId` leaves the cast: a session both were heard in
 * keeps one part of their two (relearn then rebuilds it from the windows, where the session has them).
 */
export async function mergeParts(tx: EntityManager, fromId: string, intoId: string) {
  const rows = await tx.execute<PartRow[]>(
    'select speaker_id, session_id, embedding, weight from voice_print_parts where speaker_id in (?, ?)',
    [fromId, intoId],
  );
  for (const from of rows.filter((r) => r.speaker_id === fromId)) {
    const into = rows.find((r) => r.speaker_id === intoId && r.session_id === from.session_id);
    // One session is one part; the parts kept from before weigh the sessions they had heard.
    const weight = from.session_id ? 1 : from.weight + (into?.weight ?? 0);
    const embedding = into ? printOf([from, into])! : from.embedding;
    await setPart(tx, { speaker_id: intoId, session_id: from.session_id, embedding, weight });
  }
  await tx.execute('delete from voice_print_parts where speaker_id = ?', [fromId]);
}
