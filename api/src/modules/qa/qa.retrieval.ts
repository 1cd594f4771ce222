import type { EntityManager } from '@mikro-orm/postgresql';
import { questionKind } from '../../engines/qa/answer-type';
import type { Passage, PassageLine } from '../../engines/qa/answerer';
import { diversify, type Hit } from './qa.diversify';
import { spokenBy } from '../transcripts/search-vector';
import { prepared, rankOf } from './qa.sql';
import { questionTerms } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';
import { anyOf, weigh, type Scope, type Weighted } from './qa.weights';

export { RETRIEVAL } from './qa.tuning';

/**
 * Where evidence may come from, and whether the viewer may read GM-only lines (`open`: they may
 * not, a recipient); decided by the policy before retrieval runs.
 */
export type RetrievalScope = ({ kind: 'session'; sessionId: string } | { kind: 'campaign'; campaignId: string }) & {
  open: boolean;
};

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

/** A hit with the lines of its passage and the share of the question's key words they hold, by weight. */
interface Passaged extends Hit {
  lines: Neighbour[];
  held: number;
}

/**
 * Finds the transcript passages that answer a question within a scope the caller may read:
 * full-text search over in-game lines (table talk is filtered out in SQL and never becomes
 * evidence), related words and word forms for paraphrases, trigram matching for words the scope
 * does not contain (misspelled names), session summaries as a tie-breaker, then diversification
 * across sessions. A passage is a line with its in-game neighbours (±1 line) and is judged as a
 * whole: a who-question is often answered by the line next to the one that names the event.
 *
 * Returns nothing when the question is about something the story does not have: the thing a
 * "which …" question asks for is never said, two key words are never said (not even by a related
 * word or a near spelling), or one is never said and no passage holds most of the rest, rare words
 * weighing most (a misheard word is forgiven, a dragon beside a town the story names is not).
 * Otherwise the best passages answer, those holding more of the question first.
 *
 * For a viewer who may not read GM-only lines (`scope.open`) all of this runs as if those lines
 * and GM-only summaries did not exist: what a recipient is told, declined or not, is what they
 * would be told of the campaign without them, so an answer gives none of them away.
 */
export async function retrievePassages(
  em: EntityManager,
  scope: RetrievalScope,
  question: string,
): Promise<RankedPassage[]> {
  const terms = await questionTerms(em, question);
  if (!terms.length) return [];
  // A lexeme said only in GM-only lines keeps its row, with no open line holding it.
  const open = (alias: string) => (scope.open ? ` and ${alias}.open_segments > 0` : '');
  const where: Scope =
    scope.kind === 'session'
      ? {
          sessions: (column) => `${column} = ?`,
          vocabulary: (alias) => `qa_session_lexemes ${alias} where ${alias}.session_id = ?${open(alias)}`,
          open: scope.open,
          id: scope.sessionId,
        }
      : {
          sessions: (column) => `${column} in (select id from sessions where campaign_id = ?)`,
          vocabulary: (alias) => `qa_campaign_lexemes ${alias} where ${alias}.campaign_id = ?${open(alias)}`,
          open: scope.open,
          id: scope.campaignId,
        };
  const weighted = await weigh(em, where, terms, questionKind(question) === 'who');
  // "Which dragon burned down the village?" takes a dragon for granted: a story that never has
  // one, by its word or another for it, cannot answer (a near spelling is not enough unless the
  // word is a name: "drag" is no dragon, "Gundrin" may be "Gundren").
  if (weighted.some((t) => t.asked && t.key && !t.verb && (!t.present || (t.fuzzy && !t.name)))) return [];
  // Verbs may be said otherwise ("brings his hammer down" for "destroy"); things and names may
  // not, but one may be misheard: two never said make the question about something else.
  const unsaid = weighted.filter((t) => t.key && !t.verb && !t.present).length;
  if (unsaid > 1) return [];
  // An unsaid word about the table or a generic verb is not part of what is asked.
  const counted = weighted.filter((t) => t.present || t.key);
  const present = counted.filter((t) => t.present);
  if (!present.length) return [];
  const keys = present.filter((t) => t.key);
  const total = counted.reduce((sum, t) => sum + t.weight, 0);
  const column = new Map(present.map((t, i) => [t, i]));
  const match = (t: Weighted, lines: Matched[]) =>
    column.has(t) ? Math.max(0, ...lines.map((l) => l.m[column.get(t)!])) : 0;
  const coverage = (lines: Matched[]) => present.reduce((sum, t) => sum + t.weight * match(t, lines), 0) / total;
  // How much of what the question is about a passage holds, rare words counting most: a missing
  // common word ("boat" when the line says "road") costs less than a missing specific one. Verbs
  // count half: a passage without the question's verb may say it otherwise ("brings his hammer
  // down"), one without its thing is about something else.
  const keyed = counted.filter((t) => t.key);
  const keyWeight = (t: Weighted) => t.weight * (t.verb ? RETRIEVAL.verbShare : 1);
  const keyTotal = keyed.reduce((sum, t) => sum + keyWeight(t), 0);
  const keyCoverage = (lines: Matched[]) =>
    keyed.reduce((sum, t) => sum + keyWeight(t) * match(t, lines), 0) / keyTotal;

  // A centre line holds a key word; only those lines need their neighbours read.
  const { found, around, summaries } = await candidates(em, where, present, keys.length ? keys : present);
  const read = new Map(around.map((l) => [`${l.session_id} ${l.position}`, l]));
  const hits: Passaged[] = [];
  for (const c of found) {
    const lines = Array.from({ length: 2 * RETRIEVAL.context + 1 }, (_, i) =>
      read.get(`${c.session_id} ${c.position - RETRIEVAL.context + i}`),
    ).filter((l) => l !== undefined);
    const score = coverage(lines) + RETRIEVAL.lineWeight * coverage([c]) + c.rank * 0.01;
    hits.push({ sessionId: c.session_id, position: c.position, lines, score, held: keyCoverage(lines) });
  }
  if (!hits.length) return [];
  // A thing never said in game may be misheard, or the question may be about something else:
  // "what did the innkeeper in Port Azure charge?" of a story that names Port Azure but no
  // innkeeper. Only a passage holding the rest of what is asked tells the one from the other.
  // With every key word said somewhere, the best passages answer however little they hold.
  const most = Math.max(...hits.map((h) => h.held));
  if (unsaid && most < RETRIEVAL.minKeyCoverage) return [];
  // The passages holding nearly as much of what is asked as the best one; of those, the ones
  // that score near the best. A line holding only the rarest word ("guards") does not answer
  // "who is guarding the lantern?" beside a passage holding the lantern and its keeper.
  const near = hits.filter((h) => h.held >= most - RETRIEVAL.keySlack);
  const best = Math.max(...near.map((h) => h.score));
  const ranked = near.filter((h) => h.score >= RETRIEVAL.minRelativeScore * best).sort((a, b) => b.score - a.score);

  const limits = {
    topK: RETRIEVAL.topK,
    perSession: scope.kind === 'campaign' ? RETRIEVAL.perSession : RETRIEVAL.topK,
    minGap: RETRIEVAL.minGap,
  };
  // Summaries only break ties: only sessions whose hits could still make the cut are looked at.
  const floor = Math.min(...diversify(ranked, limits).map((h) => h.score)) - RETRIEVAL.summaryBoost;
  const tied = [...new Set(ranked.filter((h) => h.score >= floor).map((h) => h.sessionId))];
  const boosts = new Map(tied.map((id) => [id, (RETRIEVAL.summaryBoost * (summaries.get(id) ?? 0)) / total]));
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
 * RETRIEVAL.maxPassageLines) when it holds more of the question than the passage does: the line
 * that names who did it often follows the one that says what was done. One that only repeats
 * what the passage holds would offer the answerer a second, unrelated line to lead with.
 */
function joinNeighbours(picked: Passaged[], hits: Passaged[]): void {
  for (const hit of hits) {
    if (picked.includes(hit)) continue;
    const chosen = picked.find(
      (p) => p.sessionId === hit.sessionId && Math.abs(p.position - hit.position) < RETRIEVAL.minGap,
    );
    if (!chosen) continue;
    const union = [...new Map([...chosen.lines, ...hit.lines].map((l) => [l.position, l])).values()];
    const adds = hit.lines.some((l) => l.m.some((m, i) => m > Math.max(0, ...chosen.lines.map((c) => c.m[i]))));
    if (adds && union.length <= RETRIEVAL.maxPassageLines) chosen.lines = union.sort((a, b) => a.position - b.position);
  }
}

/**
 * SQL for how well a line `s` matches each present term, as a float array; `bind` makes a
 * parameter. A part the term lacks is null, which matches nothing: the text depends only on how
 * many terms there are.
 */
function matchArray(terms: Weighted[], bind: (value: unknown) => string): string {
  const cases = terms.map(
    (t) =>
      `(case when s.search_vector @@ ${bind(t.exact || null)}::tsquery then 1
        when s.search_vector @@ ${bind(t.related || null)}::tsquery then ${RETRIEVAL.related} else 0 end)`,
  );
  return `array[${cases.join(', ')}]::float8[]`;
}

/**
 * The centre lines (in-game lines holding any of the filter terms, the RETRIEVAL.candidates best
 * by their weighted match of all terms, then by ts_rank_cd), every in-game line within
 * RETRIEVAL.context of them, and how much of the question each of their sessions' summaries
 * holds (the summed weights of the terms they say): one round trip.
 *
 * Only lines scoring at least the last centre line get a ts_rank_cd, the costly part. Nor is
 * every line holding a filter term scored: the best of the lines holding the heaviest term score
 * no better than the best of all, so the last of them bounds the last centre line's score from
 * below. Of the lines without the heaviest term, one holding none but terms whose most, together,
 * stays below that bound cannot be a centre line, nor can one lacking a term that the other
 * lighter terms together cannot make up for. What is read is the lines holding the heaviest term,
 * and the others holding one of the heavier terms and every such needed term: few when the
 * question has a rare word, and the same centre lines as scoring them all.
 *
 * When `scope.open`, GM-only lines are neither centre nor context lines, a GM-only session's
 * summaries hold nothing, and a line's position is its place among the lines that are not GM-only:
 * the context is the nearest such lines, and passages are spread as if nothing were between them.
 */
async function candidates(em: EntityManager, scope: Scope, terms: Weighted[], filter: Weighted[]) {
  // Every value is a parameter, so the text depends only on the number of terms and the scope's
  // kind, and is prepared once per connection (see `prepared`).
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const inScope = (column: string) => scope.sessions(column).replace('?', () => bind(scope.id));
  const readable = (line: string) => `not ${line}.table_talk${scope.open ? ` and not ${line}.gm_only` : ''}`;
  const any = (list: Weighted[]) => list.map((t) => `(${anyOf(t)})`).join(' | ');
  const score = terms.map((t, i) => `x.m[${i + 1}] * ${bind(t.weight)}::float8`).join(' + ');
  // Lightest first: `reach` is the most a line holding none but these terms can score (a term
  // adds at most its weight, a related word only RETRIEVAL.related of it).
  const most = (t: Weighted) => Math.max(0, t.weight * (t.exact ? 1 : RETRIEVAL.related));
  const lightest = [...terms].sort((a, b) => most(a) - most(b));
  const heaviest = lightest.pop()!;
  let reach = 0;
  const lighter = lightest.map((t) => ({ query: `(${anyOf(t)})`, reach: (reach += most(t)), most: most(t) }));
  // `offset 0` keeps the match array one expression a line, not one per term of the score.
  const scored = (query: () => string) =>
    `select x.*, ${score} as score from (
       select s.session_id, s.position, s.search_vector, s.qa_repeated_lexemes, ${matchArray(terms, bind)} as m
       from transcript_segments s
       where ${inScope('s.session_id')} and ${readable('s')} and s.search_vector @@ ${query()} offset 0) x`;
  // A line holding every term itself scores the most any line can. When enough lines may, they
  // are read first: if RETRIEVAL.candidates do, they are the centre lines, ranked among themselves,
  // and nothing else is read ("what happened at the Sword Mountains?": 2,000 of 3,900 lines).
  const whole =
    terms.every((t) => t.exact && t.weight > 0 && t.exactLines >= RETRIEVAL.candidates) &&
    terms.map((t) => `(${t.exact})`).join(' & ');
  const summary = (sum: string) => (scope.open ? `case when se.summaries_gm_only then 0 else ${sum} end` : sum);
  // A centre line's context: its neighbours by position, or, when `open`, the nearest lines on
  // each side that are not GM-only (table talk among them: it is dropped below for everyone).
  // A line's place among those lines is its position less the GM-only lines before it, which
  // width_bucket counts in the session's sorted GM-only positions (few, by the partial index).
  const nearest = (side: string, order: string, limit: number) =>
    `(select n.position from transcript_segments n
          where n.session_id = c.session_id and n.position ${side} c.position and not n.gm_only
          order by n.position ${order} limit ${limit})`;
  const neighbours = scope.open
    ? `,
     gm as materialized (
       select session_id, array_agg(position order by position) as positions from transcript_segments
       where gm_only and session_id in (select session_id from found) group by session_id),
     around as materialized (
       select c.session_id, d.position from found c
       cross join lateral (${nearest('<=', 'desc', RETRIEVAL.context + 1)}
         union all ${nearest('>', 'asc', RETRIEVAL.context)}) d)`
    : '';
  const context = scope.open
    ? `from around c
     join transcript_segments s on s.session_id = c.session_id and s.position = c.position
     left join gm on gm.session_id = s.session_id`
    : `from found c
     cross join generate_series(-${RETRIEVAL.context}::int, ${RETRIEVAL.context}::int) as d(shift)
     join transcript_segments s on s.session_id = c.session_id and s.position = c.position + d.shift`;
  const position = scope.open
    ? '(s.position - coalesce(width_bucket(s.position, gm.positions), 0))::int as position'
    : 's.position';
  const rows = await prepared<Neighbour & { place: number | null; rank: number | null; summary: string }>(
    em,
    `/* qa:candidates */ with ${
      whole
        ? `whole as materialized (${scored(() => `${bind(whole)}::tsquery`)}),
     enough as (select count(*) >= ${RETRIEVAL.candidates} as yes from whole),
     `
        : ''
    }heaviest as materialized (${scored(() => `(${bind(any(filter))}::tsquery && ${bind(any([heaviest]))}::tsquery)`)}),
     bound as (select score from heaviest order by score desc offset ${RETRIEVAL.candidates - 1} limit 1),
     lighter as (select * from jsonb_to_recordset(${bind(JSON.stringify(lighter))}::jsonb) as r(query text, reach float8, most float8)),
     others as (
       select ${bind(any(filter))}::tsquery && !!${bind(any([heaviest]))}::tsquery && case
         when b.score is null then ${bind(any(filter))}::tsquery
         else (select string_agg(r.query, ' | ')::tsquery from lighter r where r.reach > b.score - 1e-9)
           && coalesce((select string_agg(r.query, ' & ')::tsquery from lighter r where ${bind(reach)} - r.most < b.score - 1e-9),
             ${bind(any(filter))}::tsquery) end as query
       from (select (select score from bound) as score) b),
     lines as materialized (${whole ? 'select * from whole where (select yes from enough) union all select * from (' : ''}
       select * from heaviest union all ${scored(() => '(select query from others)')}${whole ? ') o where not (select yes from enough)' : ''}),
     cut as (select score from lines order by score desc offset ${RETRIEVAL.candidates - 1} limit 1),
     found as (
       select session_id, position, rank,
         row_number() over (order by score desc, rank desc, session_id, position) as place
       from (
         select l.session_id, l.position, l.score,
           ${rankOf(
             'l',
             () => `${bind(any(terms))}::tsquery`,
             () => `${bind(terms.flatMap((t) => t.lexemes))}::text[]`,
           )} as rank
         from lines l where l.score >= coalesce((select score from cut), '-infinity')) r
       order by place limit ${RETRIEVAL.candidates}),
     summaries as materialized (
       select se.id, se.title,
         ${summary(terms.map((t) => `(case when se.qa_summary_vector @@ ${bind(anyOf(t))}::tsquery then ${bind(t.weight)}::numeric else 0 end)`).join(' + '))} as summary
       from sessions se where se.id in (select session_id from found))${neighbours}
     select distinct on (s.session_id, s.position)
       s.session_id, se.title, ${position}, s.start_ms, s.end_ms,
       coalesce(${spokenBy('s')} || ': ', '') || s.text as text, ${matchArray(terms, bind)} as m,
       f.place::int as place, f.rank, se.summary
     ${context}
     join summaries se on se.id = s.session_id
     left join found f on f.session_id = s.session_id and f.position = s.position
     where not s.table_talk
     order by s.session_id, s.position`,
    params,
  );
  const found = rows
    .filter((r) => r.place !== null)
    .sort((a, b) => a.place! - b.place!)
    .map((r) => ({ ...r, rank: r.rank! }));
  // As the database sums them: a decimal, sent as text.
  const summaries = new Map(rows.map((r) => [r.session_id, Number(r.summary)]));
  return { found, around: rows, summaries };
}
