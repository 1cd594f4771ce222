// What the diarization bench scores: found speakers against the true voices, and the closest-known-voice offer.
import type pg from 'pg';
import { cosine, printOf } from '../../api/src/engines/diarization/voice-match';
import { OFFER_THRESHOLD } from '../../api/src/modules/cast/voice-prints';
import type { VoiceRecording } from '../../api/test/voices';
import type { BenchApi } from '../lib/bench-api';

export interface Line {
  startMs: number;
  endMs: number;
  speaker: { label: string; playerName: string | null } | null;
}

export const overlap = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }) =>
  Math.max(0, Math.min(a.endMs, b.endMs) - Math.max(a.startMs, b.startMs));

/** Line time per (found label, true voice). */
export function confusion(recording: VoiceRecording, lines: Line[], key: (l: Line) => string | null) {
  const table = new Map<string, Map<string, number>>();
  let total = 0;
  for (const line of lines) {
    for (const truth of recording.lines) {
      const ms = overlap(line, truth);
      if (!ms) continue;
      total += ms;
      const found = key(line) ?? '?';
      const row = table.get(found) ?? new Map<string, number>();
      row.set(truth.voice, (row.get(truth.voice) ?? 0) + ms);
      table.set(found, row);
    }
  }
  return { table, total };
}

/** The best one-to-one mapping of found labels to true voices, and the share of line time it gets right. */
export function bestMapping(table: Map<string, Map<string, number>>, total: number) {
  const found = [...table.keys()];
  let best = { ms: -1, map: new Map<string, string>() };
  const search = (i: number, used: Set<string>, map: Map<string, string>, ms: number) => {
    if (i === found.length) {
      if (ms > best.ms) best = { ms, map: new Map(map) };
      return;
    }
    search(i + 1, used, map, ms);
    for (const [voice, t] of table.get(found[i])!) {
      if (used.has(voice)) continue;
      used.add(voice);
      map.set(found[i], voice);
      search(i + 1, used, map, ms + t);
      map.delete(found[i]);
      used.delete(voice);
    }
  };
  search(0, new Set(), new Map(), 0);
  return { map: best.map, share: total ? best.ms / total : 0 };
}

/** A later night's voices: its found labels mapped to the true voices. */
export interface Heard {
  sessionId: string;
  labels: Map<string, string>;
}

/**
 * The offer, measured on every voice of the later nights: its part of the night against each cast
 * print made of other sessions (leaving out voices heard the same night, as the offer does), and
 * whether the closest is the same person. At each threshold: the voices offered one, right or wrong.
 */
export async function offerSweep(db: pg.Client, campaignId: string, nights: Heard[], truthOf: Map<string, string>) {
  const { rows } = await db.query<{ label: string; session_id: string | null; embedding: number[]; weight: number }>(
    `select c.label, p.session_id, p.embedding, p.weight from voice_print_parts p
     join campaign_speakers c on c.id = p.speaker_id where c.campaign_id = $1`,
    [campaignId],
  );
  const cases: Array<{ score: number; right: boolean }> = [];
  for (const night of nights) {
    for (const [label, voice] of night.labels) {
      const own = rows.find((r) => r.label === label && r.session_id === night.sessionId);
      let best: { score: number; right: boolean } | null = null;
      for (const other of new Set(rows.map((r) => r.label))) {
        if (!own || (other !== label && night.labels.has(other))) continue;
        const print = printOf(rows.filter((r) => r.label === other && r.session_id !== night.sessionId));
        const score = print ? cosine(own.embedding, print) : -1;
        if (print && (!best || score > best.score)) best = { score, right: truthOf.get(other) === voice };
      }
      if (best) cases.push(best);
    }
  }
  for (const t of [0.6, 0.65, OFFER_THRESHOLD, 0.75, 0.8]) {
    const offered = cases.filter((c) => c.score >= t);
    const right = offered.filter((c) => c.right).length;
    console.log(
      `offer at ${t.toFixed(2)}: ${offered.length} of ${cases.length} voices offered one, ${right} right, ${offered.length - right} wrong`,
    );
  }
}

/** What the GM is shown for a night's voices: matched to a named speaker, offered one, or neither. */
export async function shownOffers(bench: BenchApi, night: Heard, truthOf: Map<string, string>) {
  type Who = { label: string; playerName: string | null };
  const res = await bench.client.gql<{ session: { voices: Array<{ speaker: Who; closestKnown: Who | null }> } }>(
    'query($id: ID!) { session(id: $id) { voices { speaker { label playerName } closestKnown { label playerName } } } }',
    { id: night.sessionId },
  );
  const tally = { named: 0, namedWrong: 0, offered: 0, offeredWrong: 0, neither: 0 };
  for (const v of res.body.data!.session.voices) {
    const truth = night.labels.get(v.speaker.label);
    if (v.speaker.playerName) {
      tally.named++;
      if (v.speaker.playerName !== truth) tally.namedWrong++;
    } else if (v.closestKnown) {
      tally.offered++;
      if (truthOf.get(v.closestKnown.label) !== truth) tally.offeredWrong++;
    } else tally.neither++;
  }
  return tally;
}
