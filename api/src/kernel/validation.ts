import type { z } from 'zod';
import { badInput } from './errors';

/**
 * Parses input at the edge with a zod schema and turns the first problem into a DomainError
 * carrying the schema's (user-facing) message and the offending field.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // reportInput: zod 4 leaves issue.input out by default, which made every wrong type read as "missing".
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.length ? String(issue.path[0]) : undefined;
  const message =
    issue.code === 'invalid_type' && issue.input === undefined ? `${field ?? 'input'} is required` : issue.message;
  throw badInput(message, field);
}
