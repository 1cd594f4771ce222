import type { EntityManager } from '@mikro-orm/postgresql';
import type { Passage, PassageLine } from '../../processing/qa/answerer';
import { diversify, type Hit } from './qa.diversify';
import { questionTerms } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';
import { anyOf, weigh, type Scope, type Weighted } from './qa.weights';

export { RETRIEVAL } from './qa.tuning';

/** Where evidence may come from; decided by the policy before retrieval runs. */
export type RetrievalScope = { kind: 'session'; sessionId: string } | { kind: 'campaign'; campaignId: string };

/** A passage with its relevance, best first. */
export interface RankedPassage extends Passage {
  score: number;
  lines: PassageLine[];
}

/** An in-game line with how well it matches each present term (1 itself, RETRIEVAL.related a related word, 0). */
interface Matched {
  session_id: string;
  position: number;
  m: number[];
}

/** A neighbour line as quoted. */
type Neighbour = Matched & { title: string; start_ms: number; end_ms: number; text: string };

/** A hit with the lines of its passage and how many of the question's key words (verbs aside) they hold. */
interface Passaged extends Hit {
  lines: Neighbour[];
  held: number;
}

/**
 * Finds the transcript passages that answer a question within a scope the caller may read:
 * full-text search over in-game lines (table talk is filtered out in SQL and never becomes
 * evidence), related words for paraphrases, trigram matching for words the scope does not contain
 * (misspelled names), session summaries as a tie-breaker, then diversification across sessions.
 * A passage is a line with its in-game neighbours (±1 line) and is judged as a whole: a who-question
 * is often answered by the line next to the one that names the event. Returns nothing when a key
 * word of the question is said nowhere in the scope's in-game lines, not even by a near spelling or
 * a related word: the question is about something that did not happen in the story (one such word
 * is forgiven in a passage holding two other key words: misheard or said otherwise). Otherwise the
 * best passages answer, those covering more of the question first, even when none covers all of it.
 */
export async function retrievePassages(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
): Promise<RankedPassage[]> {
  const terms = await questionTerms(em, question);
  if (!terms.length) return [];
  const where: Scope =
    scope.kind === 'session'
      ? { sessions: (column) => `${column} = ?`, id: scope.sessionId }
      : { sessions: (column) => `${column} in (select id from sessions where campaign_id = ?)`, id: scope.campaignId };
  const weighted = await weigh(em, where, terms);
  // Verbs may be said otherwise ("brings his hammer down" for "destroy"); things and names may not,
  // except one word misheard or paraphrased in a passage that holds two others (below).
  const unsaid = weighted.filter((t) => t.key && !t.verb && !t.present).length;
  if (unsaid > 1) return [];
  // An unsaid word about the table or a generic verb is not part of what is asked.
  const counted = weighted.filter((t) => t.present || t.key);
  const present = counted.filter((t) => t.present);
  if (!present.length) return [];
  const keys = present.filter((t) => t.key);
  const total = counted.reduce((sum, t) => sum + t.weight, 0);
  const coverage = (lines: Matched[]) =>
    present.reduce((sum, t, i) => sum + t.weight * Math.max(0, ...lines.map((l) => l.m[i])), 0) / total;
  // Verbs rank passages by their weight but are not counted here: the story may phrase them otherwise.
  const keysHeld = (lines: Matched[]) =>
    present.filter((t, i) => t.key && !t.verb && lines.some((l) => l.m[i] > 0)).length;

  // A centre line holds a key word; only those lines need their neighbours read.
  const found = await candidates(em, where, present, keys.length ? keys : present);
  const around = await neighbourhoods(em, found, present);
  const hits: Passaged[] = [];
  for (const c of found) {
    const lines = around.filter(
      (l) => l.session_id === c.session_id && Math.abs(l.position - c.position) <= RETRIEVAL.context,
    );
    const held = keysHeld(lines);
    const score = coverage(lines) + RETRIEVAL.lineWeight * coverage([c]) + c.rank * 0.01;
    hits.push({ sessionId: c.session_id, position: c.position, lines, score, held });
  }
  if (!hits.length) return [];
  // The passages holding the most key words answer, however few that is; one that lacks a key word
  // more may too when the question has several (the tower may be named a few lines before the
  // treasure found in it). Of those, the ones that come near the best.
  const most = Math.max(...hits.map((h) => h.held));
  // "What did the dragon breathe across the bridge?" of "the dragon breeds fire across the bridge":
  // two key words together place the question; one unsaid beside a single other one does not
  // ("Which dragon burned down Hollowmere?" when no dragon was ever mentioned).
  if (unsaid === 1 && most < 2) return [];
  const enough = (h: Passaged) => h.held >= most - Math.floor(keys.filter((t) => !t.verb).length / 2);
  const best = Math.max(...hits.filter(enough).map((h) => h.score));
  const ranked = hits
    .filter((h) => enough(h) && h.score >= RETRIEVAL.minRelativeScore * best)
    .sort((a, b) => b.score - a.score);

  const limits = {
    topK: RETRIEVAL.topK,
    perSession: scope.kind === 'campaign' ? RETRIEVAL.perSession : RETRIEVAL.topK,
    minGap: RETRIEVAL.minGap,
  };
  // Summaries only break ties: only sessions whose hits could still make the cut are looked at.
  const floor = Math.min(...diversify(ranked, limits).map((h) => h.score)) - RETRIEVAL.summaryBoost;
  const tied = [...new Set(ranked.filter((h) => h.score >= floor).map((h) => h.sessionId))];
  const boosts = await summaryBoosts(em, tied, present, total);
  for (const hit of ranked) hit.score += boosts.get(hit.sessionId) ?? 0;
  ranked.sort((a, b) => b.score - a.score);
  const picked = diversify(ranked, limits);
  // Any hit may complete a chosen passage, however far below the best it scores by itself.
  joinNeighbours(picked, hits);
  return picked.map(({ lines, sessionId, score }) => ({
    sessionId,
    sessionTitle: lines[0].title,
    startMs: lines[0].start_ms,
    endMs: lines[lines.length - 1].end_ms,
    text: lines.map((l) => l.text.trim()).join(' '),
    lines: lines.map((l) => ({
      text: l.text.trim(),
      startMs: l.start_ms,
      endMs: l.end_ms,
      coverage: coverage([l]),
      terms: present.filter((_, i) => l.m[i] > 0).map((t) => t.lexeme),
    })),
    score,
  }));
}

/**
 * A good hit next to a chosen one is not dropped but joins its passage (up to
 * RETRIEVAL.maxPassageLines): the line that names who did it often follows the one that says
 * what was done.
 */
function joinNeighbours(picked: Passaged[], hits: Passaged[]): void {
  for (const hit of hits) {
    if (picked.includes(hit)) continue;
    const chosen = picked.find(
      (p) => p.sessionId === hit.sessionId && Math.abs(p.position - hit.position) < RETRIEVAL.minGap,
    );
    if (!chosen) continue;
    const union = [...new Map([...chosen.lines, ...hit.lines].map((l) => [l.position, l])).values()];
    if (union.length <= RETRIEVAL.maxPassageLines) chosen.lines = union.sort((a, b) => a.position - b.position);
  }
}

/** SQL for how well a line matches each present term, as a float array, with its parameters. */
function matchArray(terms: Weighted[]): { sql: string; params: string[] } {
  const params: string[] = [];
  const cases = terms.map((t) => {
    const branches: string[] = [];
    if (t.exact) branches.push('when s.search_vector @@ ?::tsquery then 1');
    if (t.related) branches.push(`when s.search_vector @@ ?::tsquery then ${RETRIEVAL.related}`);
    params.push(...[t.exact, t.related].filter(Boolean));
    return `(case ${branches.join(' ')} else 0 end)`;
  });
  return { sql: `array[${cases.join(', ')}]::float8[]`, params };
}

/** Lines holding any of the filter terms, best first by their match of all terms. */
async function candidates(em: EntityManager, scope: Scope, terms: Weighted[], filter: Weighted[]) {
  const match = matchArray(terms);
  const score = terms.map((t, i) => `x.m[${i + 1}] * ${t.weight}`).join(' + ');
  return em.getConnection().execute<Array<Matched & { rank: number }>>(
    `select * from (
       select s.session_id, s.position, ${match.sql} as m, ts_rank_cd(s.search_vector, ?::tsquery, 32) as rank
       from transcript_segments s
       where ${scope.sessions('s.session_id')} and not s.table_talk and s.search_vector @@ ?::tsquery) x
     order by ${score} desc, x.rank desc, x.session_id, x.position
     limit ?`,
    [
      ...match.params,
      terms.map((t) => `(${anyOf(t)})`).join(' | '),
      scope.id,
      filter.map((t) => `(${anyOf(t)})`).join(' | '),
      RETRIEVAL.candidates,
    ],
  );
}

/** The in-game lines within RETRIEVAL.context of the candidates, with their matches and session titles. */
async function neighbourhoods(em: EntityManager, lines: Matched[], terms: Weighted[]) {
  if (!lines.length) return [];
  const match = matchArray(terms);
  return em.getConnection().execute<Array<Matched & { title: string; start_ms: number; end_ms: number; text: string }>>(
    // Joined from the candidates, so the (session, position) index finds each neighbour.
    `select distinct on (s.session_id, s.position)
       s.session_id, se.title, s.position, s.start_ms, s.end_ms, s.text, ${match.sql} as m
     from jsonb_to_recordset(?::jsonb) as c(session_id uuid, position int)
     cross join generate_series(-?::int, ?::int) as d(shift)
     join transcript_segments s on s.session_id = c.session_id and s.position = c.position + d.shift
     join sessions se on se.id = s.session_id
     where not s.table_talk
     order by s.session_id, s.position`,
    [
      ...match.params,
      JSON.stringify(lines.map((l) => ({ session_id: l.session_id, position: l.position }))),
      RETRIEVAL.context,
      RETRIEVAL.context,
    ],
  );
}

/**
 * How far each session's summaries (HTML stripped) lift its lines: by the share of the question
 * they cover. Only sessions that already have qualifying lines are looked at.
 */
async function summaryBoosts(em: EntityManager, sessionIds: string[], terms: Weighted[], total: number) {
  if (!sessionIds.length) return new Map<string, number>();
  const sum = terms.map(() => '(case when x.v @@ ?::tsquery then ? else 0 end)').join(' + ');
  const rows = await em.getConnection().execute<Array<{ id: string; matched: number }>>(
    `select se.id, ${sum} as matched
     from sessions se,
       lateral (select to_tsvector('english', regexp_replace(
         se.brief_summary || ' ' || se.moderate_summary || ' ' || se.detailed_summary, '<[^>]*>', ' ', 'g')) as v) x
     where se.id in (${sessionIds.map(() => '?').join(', ')})`,
    [...terms.flatMap((t) => [anyOf(t), t.weight]), ...sessionIds],
  );
  return new Map(rows.map((r) => [r.id, (RETRIEVAL.summaryBoost * r.matched) / total]));
}
