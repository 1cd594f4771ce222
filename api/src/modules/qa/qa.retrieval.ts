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
  /** Shortest unknown lexeme worth a trigram search; shorter ones match too much by chance. */
  minFuzzyLength: 4,
  /** pg_trgm similarity a lexeme of the scope needs to stand in for an unknown word ("gundrin" ~ "gundren" is 0.45). */
  minSimilarity: 0.4,
  /** Lexemes of the scope one unknown word may stand for, most similar first. */
  fuzzyAlternatives: 3,
} as const;

/** A term of the question as the ranking uses it. */
interface Weighted {
  /** tsquery of the term: its lexeme, or the scope's lexemes a misspelled word resembles. */
  query: string;
  /** idf in the scope (rare words say more about what the question is after), times similarity if fuzzy. */
  weight: number;
  present: boolean;
}

interface Scope {
  /** Condition on a column holding a session id, `?` standing for the scope's id. */
  sessions: (column: string) => string;
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
      ? { sessions: (column) => `${column} = ?`, id: scope.sessionId }
      : { sessions: (column) => `${column} in (select id from sessions where campaign_id = ?)`, id: scope.campaignId };
  const weighted = await weigh(em, where, terms);
  const total = weighted.reduce((sum, t) => sum + t.weight, 0);
  const present = weighted.filter((t) => t.present);
  if (!present.length) return [];

  const qualifying = (await candidates(em, where, present, total)).filter(
    (c) => c.matched / total >= RETRIEVAL.minCoverage,
  );
  const boosts = await summaryBoosts(em, [...new Set(qualifying.map((c) => c.session_id))], present, total);
  const hits: Hit[] = qualifying
    .map((c) => ({
      sessionId: c.session_id,
      position: c.position,
      score: c.matched / total + (boosts.get(c.session_id) ?? 0) + c.rank * 0.01,
    }))
    .sort((a, b) => b.score - a.score);
  const perSession = scope.kind === 'campaign' ? RETRIEVAL.perSession : RETRIEVAL.topK;
  return withContext(em, diversify(hits, { topK: RETRIEVAL.topK, perSession, minGap: RETRIEVAL.minGap }));
}

/**
 * Weighs each term by its rarity among the scope's in-game lines, read from the per-session
 * vocabulary (qa_session_lexemes). A term the scope never uses is looked up by trigram similarity
 * among the scope's lexemes instead (a misspelled name); failing that it stays absent and only
 * lowers every line's coverage.
 */
async function weigh(em: EntityManager, scope: Scope, terms: QuestionTerm[]): Promise<Weighted[]> {
  const conn = em.getConnection();
  const [{ n }] = await conn.execute<Array<{ n: number }>>(
    `select count(*)::int as n from transcript_segments s where ${scope.sessions('s.session_id')} and not s.table_talk`,
    [scope.id],
  );
  const dfRows = await conn.execute<Array<{ lexeme: string; df: number }>>(
    `select lexeme, sum(segments)::int as df from qa_session_lexemes v
     where ${scope.sessions('v.session_id')} and lexeme in (${terms.map(() => '?').join(', ')}) group by lexeme`,
    [scope.id, ...terms.map((t) => t.lexeme)],
  );
  const df = new Map(dfRows.map((r) => [r.lexeme, r.df]));
  const absent: Weighted = { query: '', weight: RETRIEVAL.absentWeight * idf(n, 1), present: false };
  return Promise.all(
    terms.map(async (term): Promise<Weighted> => {
      const count = df.get(term.lexeme);
      if (count) return { query: lexemeQuery(term.lexeme), weight: idf(n, count), present: true };
      if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
      const similar = await conn.execute<Array<{ lexeme: string; sim: number; df: number }>>(
        `select lexeme, similarity(lexeme, ?) as sim, sum(segments)::int as df from qa_session_lexemes v
         where ${scope.sessions('v.session_id')} and lexeme % ? and similarity(lexeme, ?) >= ?
         group by lexeme order by sim desc, lexeme limit ?`,
        [term.lexeme, scope.id, term.lexeme, term.lexeme, RETRIEVAL.minSimilarity, RETRIEVAL.fuzzyAlternatives],
      );
      if (!similar.length) return absent;
      const weight = idf(n, similar[0].df) * similar[0].sim;
      return { query: similar.map((r) => lexemeQuery(r.lexeme)).join(' | '), weight, present: true };
    }),
  );
}

/**
 * Lines worth scoring: a line needs some term beyond the commonest ones to reach the coverage
 * threshold, so the commonest terms whose weights together stay below it are left out of the
 * filter (they still count in the score). Keeps "party" from pulling half a campaign into a sort.
 */
function necessaryTerms(terms: Weighted[], total: number): Weighted[] {
  const ascending = [...terms].sort((a, b) => a.weight - b.weight);
  let sum = 0;
  let skip = 0;
  while (skip < ascending.length && sum + ascending[skip].weight < RETRIEVAL.minCoverage * total) {
    sum += ascending[skip].weight;
    skip += 1;
  }
  return ascending.slice(skip);
}

async function candidates(em: EntityManager, scope: Scope, terms: Weighted[], total: number) {
  const matched = terms.map(() => '(case when s.search_vector @@ ?::tsquery then ? else 0 end)').join(' + ');
  const any = terms.map((t) => `(${t.query})`).join(' | ');
  const necessary = necessaryTerms(terms, total);
  if (!necessary.length) return [];
  const filter = necessary.map((t) => `(${t.query})`).join(' | ');
  return em.getConnection().execute<Array<{ session_id: string; position: number; matched: number; rank: number }>>(
    `select s.session_id, s.position, ${matched} as matched, ts_rank_cd(s.search_vector, ?::tsquery, 32) as rank
     from transcript_segments s
     where ${scope.sessions('s.session_id')} and not s.table_talk and s.search_vector @@ ?::tsquery
     order by matched desc, rank desc
     limit ?`,
    [...terms.flatMap((t) => [t.query, t.weight]), any, scope.id, filter, RETRIEVAL.candidates],
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
    [...terms.flatMap((t) => [t.query, t.weight]), ...sessionIds],
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
