import type { Request, Router } from 'express';
import { ok } from './campaign.views';
import { jsonObject } from './payload';

/** A service call about the path's id with one field of the body, as the caller. */
type EditCall = (req: Request, id: string, value: unknown) => Promise<unknown>;

/**
 * The spec's edit shims of campaigns and sessions: POST `path` (one `:param`), the body's `field`
 * handed to the service, `{ success: true, message }` back. Refusals are the services' errors.
 */
export function editRoute(router: Router, path: string, field: string, message: string, call: EditCall): void {
  const param = /:(\w+)/.exec(path)![1];
  router.post(path, async (req, res) => {
    await call(req, String(req.params[param]), jsonObject(req)[field]);
    res.json(ok(message));
  });
}
