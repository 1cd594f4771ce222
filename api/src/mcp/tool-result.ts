import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../kernel/errors';

/** Every tool's hints: it only reads, and only Questlog. */
export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * A tool's answer: the structured result its output schema describes, and the same as JSON text
 * for clients that only read text.
 */
export function structured<T extends Record<string, unknown>>(result: T): CallToolResult & { structuredContent: T } {
  return { structuredContent: result, content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] };
}

/**
 * Runs a tool's body. A domain error (not found, bad input, no plan) becomes a tool error with its
 * user-facing message, so an assistant can tell its user; anything else is logged and answered
 * with a generic message: no stack, SQL or path reaches a client.
 */
export async function runTool(name: string, body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (err) {
    return { isError: true, content: [{ type: 'text', text: userMessage(name, err) }] };
  }
}

/** The message a client may read for a failure; unexpected ones are logged here. */
export function userMessage(where: string, err: unknown): string {
  if (err instanceof DomainError) return err.message;
  console.error(`mcp ${where} failed`, err);
  return 'Something went wrong. Please try again.';
}
