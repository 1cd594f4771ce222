import { Readable } from 'node:stream';
import type { Request, Router } from 'express';
import { TRANSCRIPT_MAX_BYTES } from '../../engines/transcript-formats/cue';
import { drainAfterResponse } from '../../http/drain-request';
import { badInput } from '../../kernel/errors';
import { IMPORT_MESSAGES } from './import.rules';
import { transcriptTooLarge, type ImportRequest } from './import.service';
import { requireUser } from '../../policy/policy';
import { readMultipartForm } from '../../rest/multipart-form';
import { uploaded } from '../../rest/media.schemas';

/** Room for the multipart framing and the small fields next to a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * POST /api/import_transcript/: multipart `file` + `campaign_id`, optionally `title` and
 * `played_on`; 200 `{ redirect_url, transcript_id }` like POST /upload/.
 */
export function importRoutes(router: Router): void {
  router.post('/api/import_transcript/', async (req, res) => {
    requireUser(req.viewer);
    drainAfterResponse(req, res);
    if (Number(req.get('content-length')) > TRANSCRIPT_MAX_BYTES + MULTIPART_OVERHEAD) throw transcriptTooLarge();
    const form = await readForm(req);
    const session = await req.services.imports.importTranscript(req.viewer, form);
    res.json(uploaded(session.id));
  });
}

/**
 * The whole form: the file (at most TRANSCRIPT_MAX_BYTES, a transcript is small) and the fields,
 * in whatever order they come; the service decides once it has all of them.
 */
function readForm(req: Request): Promise<ImportRequest> {
  return new Promise((resolve, reject) => {
    const form: Partial<ImportRequest> & { campaignId?: unknown } = { playedOnField: 'played_on' };
    let file: Promise<{ fileName: string; bytes: Buffer }> | undefined;
    let failed: Error | undefined;
    const fail = (err: Error) => {
      failed ??= err;
    };
    const options = {
      fileField: 'file',
      maxFileBytes: TRANSCRIPT_MAX_BYTES,
      notMultipart: IMPORT_MESSAGES.notMultipart,
    };
    readMultipartForm(req, options, {
      field(name, value) {
        if (name === 'campaign_id') form.campaignId = value;
        if (name === 'title') form.title = value;
        if (name === 'played_on') form.playedOn = value;
      },
      file(stream, info) {
        const fileName = info.filename ?? '';
        file = new Promise((done, broke) => {
          const parts: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => parts.push(chunk));
          stream.once('limit', () => fail(transcriptTooLarge()));
          stream.once('error', broke);
          stream.once('end', () => done({ fileName, bytes: Buffer.concat(parts) }));
        });
      },
      fail,
      close() {
        if (failed) return reject(failed);
        if (!file) return reject(badInput(IMPORT_MESSAGES.fileRequired, 'file'));
        file.then(({ fileName, bytes }) => {
          if (failed) return reject(failed);
          resolve({ ...form, campaignId: form.campaignId, file: { fileName, body: Readable.from([bytes]) } });
        }, reject);
      },
    });
  });
}
