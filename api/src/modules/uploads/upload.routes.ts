import { STREAM_BUFFER_BYTES } from '../../storage/storage';
import type { Request, Response, Router } from 'express';
import { badInput } from '../../kernel/errors';
import { drainAfterResponse } from '../../http/drain-request';
import { requireUser } from '../../policy/policy';
import { UPLOAD_MESSAGES } from './upload.rules';
import { tooLarge, type UploadDetails, type UploadRequest } from './upload.service';
import { sizeLimited, uploadAbortSignal } from './upload-stream';
import type { Session } from '../../kernel/entities/session.entity';
import { readMultipartForm } from '../../rest/multipart-form';
import { uploaded } from '../../rest/media.schemas';
import type { RestDeps } from '../../rest/rest-deps';

/** Room for the multipart framing and the campaign_id field next to a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /upload/ (docs/product.md#rest-endpoints): multipart `audio` + `campaign_id`, optionally `title` and
 * `played_on` (YYYY-MM-DD), streamed to storage;
 * 200 `{ redirect_url: '/archive?transcript_id=<id>', transcript_id }`.
 */
export function uploadRoutes(router: Router, deps: RestDeps): void {
  router.post('/upload/', async (req, res) => {
    requireUser(req.viewer);
    drainAfterResponse(req, res);
    const maxBytes = deps.config.UPLOAD_MAX_BYTES;
    // An honest client announces the size: refuse before a single byte is stored.
    if (Number(req.get('content-length')) > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
    const session = await receiveMultipart(req, res, maxBytes, (upload) =>
      req.services.uploads.upload(req.viewer, upload),
    );
    res.json(uploaded(session.id));
  });
}

/**
 * Hands the `audio` file to `accept` as a stream as soon as its part begins. campaign_id may come
 * before or after the file: it is passed as a promise that settles when the field (or the end of
 * the form) is read. title and played_on likewise: known at the file when sent before it (so a bad
 * one stops the upload at once), else at the end of the form. A client that disconnects fails the file stream, so storage keeps nothing.
 */
function receiveMultipart(
  req: Request,
  res: Response,
  maxBytes: number,
  accept: (upload: UploadRequest) => Promise<Session>,
): Promise<Session> {
  return new Promise((resolve, reject) => {
    let campaignIdSeen: (value: unknown) => void = () => undefined;
    let formFailed: (err: Error) => void = () => undefined;
    const campaignId = new Promise<unknown>((seen, failed) => {
      campaignIdSeen = seen;
      formFailed = failed;
    });
    campaignId.catch(() => undefined);
    const sent: UploadDetails = {};
    let detailsRead: (value: UploadDetails) => void = () => undefined;
    let detailsFailed: (err: Error) => void = () => undefined;
    const details = new Promise<UploadDetails>((read, failed) => {
      detailsRead = read;
      detailsFailed = failed;
    });
    details.catch(() => undefined);
    let handled = false;
    // Before the file part, a failure is answered here; after it, the upload service answers once
    // it has removed what it stored (the failure reaches it through the stream or campaignId).
    const fail = (err: Error) => {
      formFailed(err);
      detailsFailed(err);
      if (!handled) reject(err);
    };

    const options = { fileField: 'audio', maxFileBytes: maxBytes, notMultipart: UPLOAD_MESSAGES.notMultipart };
    const parser = readMultipartForm(
      req,
      { ...options, bufferBytes: STREAM_BUFFER_BYTES },
      {
        field(name, value) {
          if (name === 'campaign_id') campaignIdSeen(value);
          if (name === 'title') sent.title = value;
          if (name === 'played_on') sent.playedOn = value;
        },
        file(stream, info) {
          handled = true;
          const file = { fileName: info.filename ?? '', mimeType: info.mimeType, body: sizeLimited(stream) };
          if (sent.title !== undefined && sent.playedOn !== undefined) detailsRead(sent);
          accept({ campaignId, file, details, playedOnField: 'played_on', signal }).then(resolve, reject);
        },
        fail,
        close() {
          campaignIdSeen(undefined);
          detailsRead(sent);
          if (!handled) reject(badInput(UPLOAD_MESSAGES.fileRequired, 'audio'));
        },
      },
    );
    // The request too: a body that ended before it was whole (client gone, or a stalled body cut
    // off after its 408, http/timeouts.ts) is not passed on to the parser by req.pipe.
    const signal = uploadAbortSignal({ res, req }, (error) => {
      parser.destroy(error);
      fail(error);
    });
  });
}
