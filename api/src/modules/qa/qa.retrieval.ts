import type { EntityManager } from '@mikro-orm/postgresql';
import type { Passage } from '../../processing/qa/answerer';
import { diversify, type Hit } from './qa.diversify';
import { lexemeQuery, questionTerms, type QuestionTerm } from './qa.terms';

/** Where evidence may come from; decided by the policy before retrieval runs. */
export type RetrievalScope = { kind: 'session'; sessionId: string } | { kind: 'campaign'; campaignId: string };

/** A passage with its relevance, best first. */
export interface RankedPassage extends Passage {
  score: number;
}

/** Tuning of the ranking; docs/qa.md explains each number. */
export const RETRIEVAL = {
  /** Share of the question's idf-weighted terms a line must cover to count as evidence at all. */
  minCoverage: 0.45,
  /** A term found nowhere in the scope weighs this share of a term found once (in the denominator only). */
  absentWeight: 0.5,
  /** Passages returned, and at most this many from one session when the scope is a campaign. */
  topK: 5,
  perSession: 2,
  /** Hits this close (in lines) to a chosen one add nothing new: the chosen one's context covers them. */
  minGap: 3,
  /** Lines of context on each side of a hit. */
  context: 1,
  /** How far a session whose summaries match the question lifts its lines: a tie-breaker, never a hit by itself. */
  summaryBoost: 0.1,
  /** Candidates read from the database before diversification. */
  candidates: 200,
  /** Shortest unknown word worth a trigram search; shorter ones match too much by chance. */
  minFuzzyLength: 4,
} as const;

/** A term of the question as the ranking uses it. */
interface Weighted {
  /** tsquery of an exact term; the word itself for a trigram (fuzzy) term. */
  query: string;
  fuzzy: boolean;
  /** idf in the scope: rare words say more about what the question is after. */
  weight: number;
  present: boolean;
}

interface Scope {
  sql: string;
  id: string;
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/**
 * Finds the transcript passages that answer a question within a scope the caller may read:
 * full-text search over in-game lines (table talk is filtered out in SQL and never becomes
 * evidence), trigram matching for words the scope does not contain (misspelled names), session
 * summaries as a tie-breaker, then diversification across sessions and ±1 line of context.
 * Returns nothing when no line covers enough of the question.
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
      ? { sql: 's.session_id = ?', id: scope.sessionId }
      : { sql: 's.session_id in (select id from sessions where campaign_id = ?)', id: scope.campaignId };
  const weighted = await weigh(em, where, terms);
  const total = weighted.reduce((sum, t) => sum + t.weight, 0);
  const present = weighted.filter((t) => t.present);
  if (!present.length) return [];

  const boosts = await summaryBoosts(em, where, present, total);
  const hits: Hit[] = (await candidates(em, where, present))
    .filter((c) => c.matched / total >= RETRIEVAL.minCoverage)
    .map((c) => ({
      sessionId: c.session_id,
      position: c.position,
      score: c.matched / total + (boosts.get(c.session_id) ?? 0) + c.rank * 0.01,
    }))
    .sort((a, b) => b.score - a.score);
  const perSession = scope.kind === 'campaign' ? RETRIEVAL.perSession : RETRIEVAL.topK;
  return withContext(em, diversify(hits, { topK: RETRIEVAL.topK, perSession, minGap: RETRIEVAL.minGap }));
}

/** Weighs each term by its rarity among the scope's in-game lines; unknown words get a trigram try. */
async function weigh(em: EntityManager, scope: Scope, terms: QuestionTerm[]): Promise<Weighted[]> {
  const queries = terms.map((t) => lexemeQuery(t.lexeme));
  const [counts] = await em.getConnection().execute<Array<Record<string, number>>>(
    `select count(*)::int as n, ${queries.map((_, i) => `count(*) filter (where s.search_vector @@ ?::tsquery)::int as d${i}`).join(', ')}
     from transcript_segments s where ${scope.sql} and not s.table_talk`,
    [...queries, scope.id],
  );
  const n = counts.n;
  const absent = RETRIEVAL.absentWeight * idf(n, 1);
  return Promise.all(
    terms.map(async (term, i): Promise<Weighted> => {
      const df = counts[`d${i}`];
      if (df > 0) return { query: queries[i], fuzzy: false, weight: idf(n, df), present: true };
      if (term.word.length < RETRIEVAL.minFuzzyLength)
        return { query: '', fuzzy: false, weight: absent, present: false };
      // `<%` (word_similarity above pg_trgm's threshold, 0.6 by default) can use the trigram index.
      const [{ df: fuzzyDf }] = await em
        .getConnection()
        .execute<Array<{ df: number }>>(
          `select count(*)::int as df from transcript_segments s where ${scope.sql} and not s.table_talk and ? <% s.text`,
          [scope.id, term.word],
        );
      return fuzzyDf > 0
        ? { query: term.word, fuzzy: true, weight: idf(n, fuzzyDf), present: true }
        : { query: '', fuzzy: false, weight: absent, present: false };
    }),
  );
}

/** Sum of the weights of the terms a line matches (a fuzzy match counts by its similarity). */
function matchedSql(terms: Weighted[]): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts = terms.map((t) => {
    if (t.fuzzy) {
      params.push(t.query, t.weight, t.query);
      return '(case when ? <% s.text then ? * word_similarity(?, s.text) else 0 end)';
    }
    params.push(t.query, t.weight);
    return '(case when s.search_vector @@ ?::tsquery then ? else 0 end)';
  });
  return { sql: parts.join(' + '), params };
}

async function candidates(em: EntityManager, scope: Scope, terms: Weighted[]) {
  const exact = terms.filter((t) => !t.fuzzy).map((t) => t.query);
  const fuzzy = terms.filter((t) => t.fuzzy).map((t) => t.query);
  const any = exact.length ? exact.join(' | ') : '';
  const matched = matchedSql(terms);
  const conditions = [...(exact.length ? ['s.search_vector @@ ?::tsquery'] : []), ...fuzzy.map(() => '? <% s.text')];
  return em.getConnection().execute<Array<{ session_id: string; position: number; matched: number; rank: number }>>(
    `select s.session_id, s.position, ${matched.sql} as matched,
       ${exact.length ? 'ts_rank_cd(s.search_vector, ?::tsquery, 32)' : '0'} as rank
     from transcript_segments s
     where ${scope.sql} and not s.table_talk and (${conditions.join(' or ')})
     order by matched desc, rank desc
     limit ?`,
    [
      ...matched.params,
      ...(exact.length ? [any] : []),
      scope.id,
      ...(exact.length ? [any] : []),
      ...fuzzy,
      RETRIEVAL.candidates,
    ],
  );
}

/** Sessions whose summaries (HTML stripped) share terms with the question, and by how much they lift their lines. */
async function summaryBoosts(em: EntityManager, scope: Scope, terms: Weighted[], total: number) {
  const exact = terms.filter((t) => !t.fuzzy);
  if (!exact.length) return new Map<string, number>();
  const sum = exact.map(() => '(case when x.v @@ ?::tsquery then ? else 0 end)').join(' + ');
  const rows = await em.getConnection().execute<Array<{ id: string; matched: number }>>(
    `select se.id, ${sum} as matched
     from sessions se,
       lateral (select to_tsvector('english', regexp_replace(
         se.brief_summary || ' ' || se.moderate_summary || ' ' || se.detailed_summary, '<[^>]*>', ' ', 'g')) as v) x
     where ${scope.sql.replace('s.session_id', 'se.id')}`,
    [...exact.flatMap((t) => [t.query, t.weight]), scope.id],
  );
  return new Map(rows.map((r) => [r.id, (RETRIEVAL.summaryBoost * r.matched) / total]));
}

/** Each hit with its in-game neighbours (±context lines), quoted as one passage. */
async function withContext(em: EntityManager, hits: Hit[]): Promise<RankedPassage[]> {
  if (!hits.length) return [];
  const c = RETRIEVAL.context;
  const rows = await em
    .getConnection()
    .execute<
      Array<{ session_id: string; title: string; position: number; start_ms: number; end_ms: number; text: string }>
    >(
      `select s.session_id, se.title, s.position, s.start_ms, s.end_ms, s.text
     from transcript_segments s join sessions se on se.id = s.session_id
     where not s.table_talk and (${hits.map(() => '(s.session_id = ? and s.position between ? and ?)').join(' or ')})
     order by s.position`,
      hits.flatMap((h) => [h.sessionId, h.position - c, h.position + c]),
    );
  return hits.map((hit) => {
    const lines = rows.filter((r) => r.session_id === hit.sessionId && Math.abs(r.position - hit.position) <= c);
    return {
      sessionId: hit.sessionId,
      sessionTitle: lines[0].title,
      startMs: lines[0].start_ms,
      endMs: lines[lines.length - 1].end_ms,
      text: lines.map((l) => l.text.trim()).join(' '),
      score: hit.score,
    };
  });
}
