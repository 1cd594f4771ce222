import type { z } from 'zod';
import { badInput } from './errors';

/**
 * Whether a text holds anything a reader sees: white space and format characters alone (zero-width
 * spaces and joiners, the byte-order mark, direction marks) read as blank, though trim() keeps
 * most of them.
 */
export const visible = (text: string) => /[^\s\p{Cf}]/u.test(text);

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

/** Bodies and messages the edge reads are flat (a field holds a string, a number or a list of them): room to spare. */
export const JSON_DEPTH_MAX = 32;

export const JSON_DEPTH_MESSAGE = 'Request body is nested too deeply';

/**
 * Whether a parsed JSON value nests objects or arrays more than `limit` deep, found without
 * recursion: 100 kB of brackets nest 50,000 deep, which overflows the stack of any recursive walk
 * (the REST shims' control-character check's was a 500).
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
