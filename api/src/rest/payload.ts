import type { Request } from 'express';
import { z } from 'zod';
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

/** A body schema of *.schemas.ts: one object, or a choice of objects (ask_question's two forms). */
type BodySchema = z.ZodObject | z.ZodUnion<readonly z.ZodObject[]>;
type KeysOf<T> = T extends unknown ? keyof T : never;
/** The documented fields, each as sent: still to be checked. */
export type BodyFields<S extends BodySchema> = { [K in KeysOf<z.input<S>>]?: unknown };

/**
 * The fields of the JSON body that `schema` documents (and the OpenAPI document shows), as sent.
 * Their values are the services' to check: GraphQL calls the same services, and their messages are
 * the contract's (docs/*-contract.md), so the edge refuses only a body that is not an object, and a
 * route can read no field the document does not name.
 */
export function bodyFields<S extends BodySchema>(req: Request, schema: S): BodyFields<S> {
  const body = jsonObject(req);
  const shapes = schema instanceof z.ZodObject ? [schema.shape] : schema.options.map((o) => o.shape);
  const names = shapes.flatMap((shape) => Object.keys(shape));
  return Object.fromEntries(
    names.filter((name) => Object.hasOwn(body, name)).map((n) => [n, body[n]]),
  ) as BodyFields<S>;
}
