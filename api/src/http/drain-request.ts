import type { Request, Response } from 'express';

/**
 * For streamed uploads: an upload refused part way leaves the rest of its body unread and the
 * multipart parser stops pulling it. The connection is not reused (Connection: close), and once
 * the answer is sent the remainder is read and discarded, so the client gets to see the answer.
 */
export function drainAfterResponse(req: Request, res: Response): void {
  res.set('Connection', 'close');
  res.once('finish', () => {
    if (req.complete) return;
    req.unpipe();
    req.resume();
  });
}
