import type { Request, Router } from 'express';
import type { z } from 'zod';
import { ok } from './campaign.views';
import { bodyFields, type BodyFields } from './payload';

/** A service call about the path's id with the documented fields of the body, as the caller. */
type EditCall<S extends z.ZodObject> = (req: Request, id: string, body: BodyFields<S>) => Promise<unknown>;

/**
 * The spec's edit shims of campaigns and sessions: POST `path` (one `:param`), the fields of `body`
 * handed to the service, `{ success: true, message }` back. Refusals are the services' errors.
 */
export function editRoute<S extends z.ZodObject>(
  router: Router,
  path: string,
  body: S,
  message: string,
  call: EditCall<S>,
): void {
  const param = /:(\w+)/.exec(path)![1];
  router.post(path, async (req, res) => {
    await call(req, String(req.params[param]), bodyFields(req, body));
    res.json(ok(message));
  });
}
