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
  /** The lexemes of `exact` and `related`. */
  lexemes: string[];
  /** How many of the scope's in-game lines hold `exact`, at most (its lexemes' counts summed). */
  exactLines: number;
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
  /**
   * The scope's vocabulary (lexeme, segments: in-game lines holding it, open_segments: those of them
   * not GM-only) as `table alias where …`, `?` standing for the id; when `open`, only lexemes said
   * in an open line.
   */
  vocabulary: (alias: string) => string;
  /**
   * The viewer may not read GM-only lines (a recipient): retrieval runs as if they did not exist,
   * reading the counts over open lines (in game, not GM-only).
   */
  open: boolean;
  id: string;
}

const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

/** Either part of a term: lines matching it are candidates. */
export const anyOf = (t: Weighted) => [t.exact, t.related].filter(Boolean).join(' | ');

/**
 * Weighs each term by its rarity among the scope's in-game lines, read from the scope's vocabulary
 * (qa_campaign_lexemes or qa_session_lexemes, kept at index time), and adds the related words the
 * scope uses. A term the scope never uses stands on its related words if it has some, else is
 * looked up by trigram similarity among the scope's lexemes (a misspelled name); failing both it
 * stays absent and only lowers every passage's coverage. `who`: the question asks who did it, so
 * a verb's doer ("thief" for "stole") is as good as the verb. One round trip: the scope's line
 * count, the document frequencies and the near spellings of every term it never says in its own
 * forms.
 */
export async function weigh(em: EntityManager, scope: Scope, terms: QuestionTerm[], who: boolean): Promise<Weighted[]> {
  const { forms, doers, related: relatedOf, verbs } = await relatedLexemes(em);
  // The word in all its forms; asked who did it, also its doer ("who stole it?": the thief).
  const own = (lexeme: string) => [lexeme, ...(forms.get(lexeme) ?? []), ...((who && doers.get(lexeme)) || [])];
  const lexemes = [...new Set(terms.flatMap((t) => [...own(t.lexeme), ...(relatedOf.get(t.lexeme) ?? [])]))];
  // A term the scope never says in any of its own forms may be a misspelled name: its near
  // spellings are looked up in the same round trip, and used only if no related word stands in.
  const unknown = terms
    .filter((t) => t.lexeme.length >= RETRIEVAL.minFuzzyLength)
    .map((t) => ({ term: t.lexeme, own: own(t.lexeme) }));
  // What the viewer may read is counted: a word said only in GM-only lines is no word of a recipient's scope.
  const [segments, lines] = scope.open ? ['open_segments', 'open_lines'] : ['segments', 'lines'];
  const rows = await em
    .getConnection()
    .execute<Array<{ term: string | null; lexeme: string | null; df: number; sim: number | null; place: number }>>(
      `/* qa:weigh */ select null as term, null as lexeme,
       (select coalesce(sum(${lines}), 0) from qa_session_lines q where ${scope.sessions('q.session_id')})::int as df,
       null::real as sim, 0 as place
     union all
     select null, v.lexeme, v.${segments}, null, 0 from ${scope.vocabulary('v')} and v.lexeme in (select jsonb_array_elements_text(?::jsonb))
     union all
     select t.term, n.lexeme, n.${segments}, n.sim, n.place::int
     from jsonb_to_recordset(?::jsonb) as t(term text, own text[])
     cross join lateral (
       select v.lexeme, v.${segments}, similarity(v.lexeme, t.term) as sim,
         row_number() over (order by similarity(v.lexeme, t.term) desc, abs(length(v.lexeme) - length(t.term)), v.lexeme) as place
       from ${scope.vocabulary('v')} and v.lexeme % t.term and similarity(v.lexeme, t.term) >= ?
       order by place limit ?) n
     where not exists (select 1 from ${scope.vocabulary('w')} and w.lexeme = any(t.own))`,
      [
        scope.id,
        scope.id,
        JSON.stringify(lexemes),
        JSON.stringify(unknown),
        scope.id,
        RETRIEVAL.minSimilarity,
        RETRIEVAL.fuzzyAlternatives,
        scope.id,
      ],
    );
  const n = rows.find((r) => r.term === null && r.lexeme === null)!.df;
  const df = new Map(rows.filter((r) => r.term === null && r.lexeme !== null).map((r) => [r.lexeme!, r.df]));
  const similarTo = (lexeme: string) =>
    rows
      .filter((r) => r.term === lexeme)
      .sort((a, b) => a.place - b.place)
      .map((r) => ({ lexeme: r.lexeme!, sim: r.sim!, df: r.df }));
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
  return terms.map((term, t): Weighted => {
    const verb = term.verb || verbs.has(term.lexeme);
    const absent = {
      ...term,
      exact: '',
      related: '',
      lexemes: [],
      exactLines: 0,
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
    const lexemes = [...self, ...related];
    if (self.length)
      return {
        ...absent,
        exact: self.map(lexemeQuery).join(' | '),
        related: relatedQuery,
        lexemes,
        exactLines: dfOf(self),
        weight,
        present: true,
      };
    if (related.length) return { ...absent, related: relatedQuery, lexemes, weight, present: true };
    if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
    const similar = similarTo(term.lexeme);
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
      lexemes: similar.map((r) => r.lexeme),
      exactLines: term.name ? closest.df : 0,
      weight: idf(n, closest.df) * closest.sim,
      present: true,
      fuzzy: true,
    };
  });
}
