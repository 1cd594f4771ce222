import { pipeline } from 'node:stream';
import type { Response, Router } from 'express';
import { DomainError, badInput } from '../../kernel/errors';
import { rangeOf, validators } from '../../rest/byte-range';
import { AudioQuery } from '../../rest/media.schemas';

const RANGE_MESSAGE = 'The requested range is not within the recording';
const VERSION_MESSAGE = 'v must be the version from the audio URL';

/** Each file served as the session's audio validates as itself: the original, the rendition, the players' copy. */
const ETAG_SUFFIX = { upload: 'o', rendition: 'r', players: 'p' } as const;

/**
 * GET (and HEAD) /api/sessions/{sessionId}/audio: the session's recording for the player, with
 * Range support so it can seek in hours of audio. Access is the session's (owner and recipients,
 * who hear GM-only lines silenced);
 * a stranger's request answers exactly as a missing session does. A GET changes nothing: no CSRF.
 */
export function audioRoutes(router: Router): void {
  router.get('/api/sessions/:sessionId/audio', async (req, res) => {
    const query = AudioQuery.safeParse(req.query);
    if (!query.success) throw badInput(VERSION_MESSAGE, 'v');
    const audio = await req.services.audio.find(req.viewer, req.params.sessionId, query.data.v);
    const current = validators(audio, ETAG_SUFFIX[audio.variant]);
    // no-store, for the owner too: no cache (the browser's, its media cache, a proxy's) keeps a copy
    // that a later reader of the same URL could be given: a withdrawn share, a line marked GM-only
    // since, or the owner's original on a laptop the players use too.
    res.set({ ...current, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, no-store' });
    if (req.fresh) return void res.status(304).end();
    const answer = rangeOf(req, audio.size, current);
    if (answer.kind === 'unsatisfiable') {
      res.removeHeader('ETag');
      res.removeHeader('Last-Modified');
      res.set('Content-Range', `bytes */${audio.size}`);
      throw new DomainError('RANGE_NOT_SATISFIABLE', RANGE_MESSAGE);
    }
    const range = answer.kind === 'part' ? answer.range : undefined;
    res.status(range ? 206 : 200).set({
      'Content-Type': audio.contentType,
      'Content-Length': String(range ? range.end - range.start + 1 : audio.size),
      ...(range && { 'Content-Range': `bytes ${range.start}-${range.end}/${audio.size}` }),
    });
    if (req.method === 'HEAD' || audio.size === 0) return void res.end();
    const body = await audio.open(range);
    // A recipient's answer ends the moment the marks change: the rest may hold a line now GM-only.
    const unwatch = audio.whileCurrent?.(() => res.destroy());
    if (unwatch) res.once('close', unwatch);
    stream(res, body, audio.sessionId);
  });
}

/** Players drop connections whenever they seek: a client gone mid-file is normal, not an error. */
function stream(res: Response, body: NodeJS.ReadableStream, sessionId: string): void {
  pipeline(body, res, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      console.error(`session ${sessionId}: audio stream failed: ${err.message}`);
    }
  });
}
