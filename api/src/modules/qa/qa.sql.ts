import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// The SQL pieces of retrieval's hot query that are about PostgreSQL rather than the question:
// the rank it reads off each line, and running it as a prepared statement.

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

/**
 * Runs `text` ($1… parameters) as a named prepared statement on a connection of MikroORM's pool,
 * which would inline the values: the hot query's text then repeats across questions, so each
 * connection parses it once and PostgreSQL may keep its plan instead of planning every question.
 */
export async function prepared<T>(em: EntityManager, text: string, values: unknown[]): Promise<T[]> {
  const name = `qa_${createHash('sha1').update(text).digest('hex')}`;
  const client = em.getConnection().getKnex().client;
  const connection = (await client.acquireConnection()) as {
    query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: T[] }>;
  };
  try {
    return (await connection.query({ name, text, values })).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}
