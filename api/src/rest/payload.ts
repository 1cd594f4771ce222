import type { Request } from 'express';
import { badInput } from '../kernel/errors';

/**
 * The JSON object a REST shim reads its fields from. A body that is absent, not JSON, or JSON but
 * not an object (an array, a string) is refused here, before any field is looked at.
 */
export function jsonObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badInput('Expected a JSON object body (Content-Type: application/json)');
  }
  return body as Record<string, unknown>;
}
