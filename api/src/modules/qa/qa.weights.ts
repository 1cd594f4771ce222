import type { EntityManager } from '@mikro-orm/postgresql';
import { relatedLexemes } from './qa.synonyms';
import { lexemeQuery, type QuestionTerm } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';

/** A term of the question as the ranking uses it. */
export interface Weighted {
  lexeme: string;
  /** tsquery of the term itself: its lexeme, or the scope's lexemes a misspelled word resembles; '' if the scope lacks both. */
  exact: string;
  /** tsquery of the related words (qa.synonyms.ts) the scope uses; '' if none. A match counts RETRIEVAL.related. */
  related: string;
  /** idf in the scope (rare words say more about what the question is after), times similarity if fuzzy. */
  weight: number;
  present: boolean;
  /** A verb (qa.synonyms.ts, or by its form): phrasing more than substance, so the story may say it otherwise. */
  verb: boolean;
  /** A word the story must hold for the question to be about it (qa.terms.ts). */
  key: boolean;
}

/** Where evidence may come from, as SQL. */
export interface Scope {
  /** Condition on a column holding a session id, `?` standing for the scope's id. */
  sessions: (column: string) => string;
  id: string;
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Either part of a term: lines matching it are candidates. */
export const anyOf = (t: Weighted) => [t.exact, t.related].filter(Boolean).join(' | ');

/**
 * Weighs each term by its rarity among the scope's in-game lines, read from the per-session
 * vocabulary (qa_session_lexemes), and adds the related words the scope uses. A term the scope
 * never uses stands on its related words if it has some, else is looked up by trigram similarity
 * among the scope's lexemes (a misspelled name); failing both it stays absent and only lowers
 * every passage's coverage.
 */
export async function weigh(em: EntityManager, scope: Scope, terms: QuestionTerm[]): Promise<Weighted[]> {
  const conn = em.getConnection();
  const { related: relatedOf, verbs } = await relatedLexemes(em);
  const lexemes = [...new Set(terms.flatMap((t) => [t.lexeme, ...(relatedOf.get(t.lexeme) ?? [])]))];
  const [{ n }] = await conn.execute<Array<{ n: number }>>(
    `select count(*)::int as n from transcript_segments s where ${scope.sessions('s.session_id')} and not s.table_talk`,
    [scope.id],
  );
  const dfRows = await conn.execute<Array<{ lexeme: string; df: number }>>(
    `select lexeme, sum(segments)::int as df from qa_session_lexemes v
     where ${scope.sessions('v.session_id')} and lexeme in (${lexemes.map(() => '?').join(', ')}) group by lexeme`,
    [scope.id, ...lexemes],
  );
  const df = new Map(dfRows.map((r) => [r.lexeme, r.df]));
  const absentWeight = RETRIEVAL.absentWeight * idf(n, 1);
  // One word of a line stands in for one word of the question: "guards" answers "kept" or "safe"
  // in "where is it kept safe?", not both. The question's own words are never someone's stand-in.
  const claimed = new Set(terms.map((t) => t.lexeme));
  const relatedTo = terms.map((term) => {
    const own = (relatedOf.get(term.lexeme) ?? []).filter((l) => df.has(l) && !claimed.has(l));
    own.forEach((l) => claimed.add(l));
    return own;
  });
  return Promise.all(
    terms.map(async (term, t): Promise<Weighted> => {
      const absent = {
        lexeme: term.lexeme,
        exact: '',
        related: '',
        weight: absentWeight,
        present: false,
        verb: term.verb || verbs.has(term.lexeme),
        key: term.key,
      };
      const related = relatedTo[t];
      const relatedQuery = related.map(lexemeQuery).join(' | ');
      // A related word tells less than the question's own, and as much as the commonest of them.
      const relatedDf = related.reduce((sum, l) => sum + df.get(l)!, 0);
      const count = df.get(term.lexeme);
      if (count) {
        return {
          ...absent,
          exact: lexemeQuery(term.lexeme),
          related: relatedQuery,
          weight: idf(n, count),
          present: true,
        };
      }
      if (related.length) return { ...absent, related: relatedQuery, weight: idf(n, relatedDf), present: true };
      if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
      const similar = await conn.execute<Array<{ lexeme: string; sim: number; df: number }>>(
        `select lexeme, similarity(lexeme, ?) as sim, sum(segments)::int as df from qa_session_lexemes v
         where ${scope.sessions('v.session_id')} and lexeme % ? and similarity(lexeme, ?) >= ?
         group by lexeme order by sim desc, abs(length(lexeme) - length(?)), lexeme limit ?`,
        [
          term.lexeme,
          scope.id,
          term.lexeme,
          term.lexeme,
          RETRIEVAL.minSimilarity,
          term.lexeme,
          RETRIEVAL.fuzzyAlternatives,
        ],
      );
      if (!similar.length) return absent;
      // The closest spelling (equal similarity: the closer length) is the word; the others may
      // be, and count as related words.
      const [closest, ...others] = similar;
      return {
        ...absent,
        exact: lexemeQuery(closest.lexeme),
        related: others.map((r) => lexemeQuery(r.lexeme)).join(' | '),
        weight: idf(n, closest.df) * closest.sim,
        present: true,
      };
    }),
  );
}
