import type { EntityManager } from '@mikro-orm/postgresql';
import { relatedLexemes } from './qa.synonyms';
import { lexemeQuery, type QuestionTerm } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';

/** A term of the question as the ranking uses it. */
export interface Weighted extends QuestionTerm {
  /** tsquery of the term itself: its lexeme in all its forms, or the scope's lexemes a misspelled name resembles; '' if none is said. */
  exact: string;
  /** tsquery of the related words (qa.synonyms.ts) the scope uses, or of look-alike words; '' if none. A match counts RETRIEVAL.related. */
  related: string;
  /**
   * idf in the scope of the term and its related words (rare things say more about what the
   * question is after), times similarity if fuzzy; a word absent from the scope weighs as the
   * rarest word if it names something, half a word said once if it is a verb or not key.
   */
  weight: number;
  present: boolean;
  /** A verb (qa.synonyms.ts, or by its form): phrasing more than substance, so the story may say it otherwise. */
  verb: boolean;
  /** Found only by a near spelling: a misheard name, or a different word that looks alike. */
  fuzzy: boolean;
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
 * every passage's coverage. `who`: the question asks who did it, so a verb's doer ("thief" for
 * "stole") is as good as the verb.
 */
export async function weigh(em: EntityManager, scope: Scope, terms: QuestionTerm[], who: boolean): Promise<Weighted[]> {
  const conn = em.getConnection();
  const { forms, doers, related: relatedOf, verbs } = await relatedLexemes(em);
  // The word in all its forms; asked who did it, also its doer ("who stole it?": the thief).
  const own = (lexeme: string) => [lexeme, ...(forms.get(lexeme) ?? []), ...((who && doers.get(lexeme)) || [])];
  const lexemes = [...new Set(terms.flatMap((t) => [...own(t.lexeme), ...(relatedOf.get(t.lexeme) ?? [])]))];
  const [{ n }] = await conn.execute<Array<{ n: number }>>(
    `/* qa:weigh */ select count(*)::int as n from transcript_segments s where ${scope.sessions('s.session_id')} and not s.table_talk`,
    [scope.id],
  );
  const dfRows = await conn.execute<Array<{ lexeme: string; df: number }>>(
    `/* qa:weigh */ select lexeme, sum(segments)::int as df from qa_session_lexemes v
     where ${scope.sessions('v.session_id')} and lexeme in (${lexemes.map(() => '?').join(', ')}) group by lexeme`,
    [scope.id, ...lexemes],
  );
  const df = new Map(dfRows.map((r) => [r.lexeme, r.df]));
  const said = (group: string[]) => group.filter((l) => df.has(l));
  const dfOf = (group: string[]) => group.reduce((sum, l) => sum + (df.get(l) ?? 0), 0);
  // One word of a line stands in for one word of the question: "guards" answers "kept" or "safe"
  // in "where is it kept safe?", not both. The question's own words are never someone's stand-in.
  const claimed = new Set(terms.flatMap((t) => own(t.lexeme)));
  const relatedTo = terms.map((term) => {
    const others = said(relatedOf.get(term.lexeme) ?? []).filter((l) => !claimed.has(l));
    others.forEach((l) => claimed.add(l));
    return others;
  });
  return Promise.all(
    terms.map(async (term, t): Promise<Weighted> => {
      const verb = term.verb || verbs.has(term.lexeme);
      const absent = {
        ...term,
        exact: '',
        related: '',
        // Something the story never names is as telling as the rarest word; a verb is phrasing.
        weight: term.key && !verb ? idf(n, 0) : RETRIEVAL.absentWeight * idf(n, 1),
        present: false,
        fuzzy: false,
        verb,
      };
      const related = relatedTo[t];
      const relatedQuery = related.map(lexemeQuery).join(' | ');
      const self = said(own(term.lexeme));
      // How specific the thing asked about is, said in any of its words: "guard" said once is no
      // rare word in a story that keeps, protects and watches over things in twenty lines.
      const weight = idf(n, dfOf(self) + dfOf(related));
      if (self.length)
        return { ...absent, exact: self.map(lexemeQuery).join(' | '), related: relatedQuery, weight, present: true };
      if (related.length) return { ...absent, related: relatedQuery, weight, present: true };
      if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
      const similar = await conn.execute<Array<{ lexeme: string; sim: number; df: number }>>(
        `/* qa:weigh */ select lexeme, similarity(lexeme, ?) as sim, sum(segments)::int as df from qa_session_lexemes v
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
      // The closest spelling (equal similarity: the closer length) of a name is the name, the others
      // may be and count as related words. A common word that looks like another ("ringer",
      // "wringer"; "dragon", "drag") is as likely a different word: all count as related.
      const [closest, ...others] = similar;
      const [spelled, alike] = term.name ? [[closest], others] : [[], similar];
      return {
        ...absent,
        exact: spelled.map((r) => lexemeQuery(r.lexeme)).join(' | '),
        related: alike.map((r) => lexemeQuery(r.lexeme)).join(' | '),
        weight: idf(n, closest.df) * closest.sim,
        present: true,
        fuzzy: true,
      };
    }),
  );
}
