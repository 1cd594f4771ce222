// The rank the per-lexeme tables were read with before Q&A moved to BM25 (qa.index.ts); kept only
// while those tables are, which a migration should drop together with this file.

/**
 * SQL for `ts_rank_cd(<line>.search_vector, query, 32)` of an in-game line, `query` being single
 * lexemes or'ed and `lexemes` (text[]) those lexemes. Each position holding one of them is a cover
 * of its own, so the rank is n / (n + 1), n their weights summed: for a line that holds each of
 * them once at weight A (`qa_repeated_lexemes` holds none of them), how many of them it holds,
 * which `ts_delete` counts at a fraction of ts_rank_cd's cost.
 */
export const rankOf = (line: string, query: () => string, lexemes: () => string) => {
  // Called for each place a value is read: each call may bind a parameter of its own.
  const repeated = `case when ${line}.qa_repeated_lexemes @@ ${query()} then ts_rank_cd(${line}.search_vector, ${query()}, 32)`;
  const held = () => `(length(${line}.search_vector) - length(ts_delete(${line}.search_vector, ${lexemes()})))::float8`;
  return `${repeated} else (${held()} / (${held()} + 1))::real end`;
};
