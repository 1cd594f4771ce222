import type { EntityManager } from '@mikro-orm/postgresql';

/** A content word of the question and the lexeme PostgreSQL's English configuration makes of it. */
export interface QuestionTerm {
  word: string;
  lexeme: string;
}

/**
 * Lexemes that PostgreSQL's English stop list keeps but that only frame a question ("what
 * happened", "tell me", "did they say"): counted as evidence, they would make a passage about
 * anything look half relevant.
 */
const QUESTION_FRAMING = new Set([
  'happen',
  'tell',
  'say',
  'said',
  'know',
  'think',
  'mention',
  'talk',
  'describ',
  'explain',
  'rememb',
  'recal',
  'exact',
  'actual',
  'anyth',
  'someth',
  'thing',
  // "How much gold", "how many guards": the amount is what is asked, not a word to find.
  'much',
  'mani',
]);

/** The question's distinct content terms, lexemes as the index stage (to_tsvector('english')) writes them. */
export async function questionTerms(em: EntityManager, question: string): Promise<QuestionTerm[]> {
  const words = [...new Set(question.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [])];
  if (!words.length) return [];
  const rows = await em.getConnection().execute<Array<{ word: string; lexeme: string | null }>>(
    `select w as word, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme
     from jsonb_array_elements_text(?::jsonb) as w`,
    [JSON.stringify(words)],
  );
  const seen = new Set<string>();
  return rows.filter((row): row is QuestionTerm => {
    if (!row.lexeme || QUESTION_FRAMING.has(row.lexeme) || seen.has(row.lexeme)) return false;
    seen.add(row.lexeme);
    return true;
  });
}

/** A tsquery literal matching exactly this lexeme (no second stemming). */
export function lexemeQuery(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
