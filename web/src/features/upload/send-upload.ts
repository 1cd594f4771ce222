import { resetCsrfToken } from '../../lib/csrf';
import { IMPORT_MESSAGES, UPLOAD_MESSAGES, UPLOAD_TIMEOUT_MS } from './messages';

export type UploadOutcome = { ok: true; redirectUrl: string } | { ok: false; message: string };

interface Request {
  file: File;
  /** A recording goes to POST /upload/, a transcript file to POST /api/import_transcript/. */
  kind: 'audio' | 'transcript';
  campaignId: string;
  /** The session's name and the day it was played (YYYY-MM-DD). */
  title: string;
  playedOn: string;
  csrfToken: string;
  /** Percent of the body sent, 0–100. */
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}

/** The response's JSON fields: `redirect_url` on success, `{ error, code }` on a refusal. */
function jsonBody(xhr: XMLHttpRequest): { error?: unknown; code?: unknown; redirect_url?: unknown } {
  try {
    return (JSON.parse(xhr.responseText) ?? {}) as { error?: unknown; code?: unknown; redirect_url?: unknown };
  } catch {
    return {};
  }
}

function outcomeOf(xhr: XMLHttpRequest, kind: Request['kind']): UploadOutcome {
  const texts = kind === 'audio' ? UPLOAD_MESSAGES : IMPORT_MESSAGES;
  if (xhr.status === 413) return { ok: false, message: texts.status413 };
  if (xhr.status !== 200) {
    const body = jsonBody(xhr);
    // A refused token means the session changed under the page; the next attempt fetches a fresh one.
    if (body.code === 'CSRF_FAILED') resetCsrfToken();
    // Section 7: the server's own text when it gives one (e.g. "The uploaded file is empty."), else section 8's.
    const message = typeof body.error === 'string' && body.error ? body.error : texts.status(xhr.status);
    return { ok: false, message };
  }
  const redirect = jsonBody(xhr).redirect_url;
  if (typeof redirect !== 'string' || !redirect) return { ok: false, message: UPLOAD_MESSAGES.noRedirect };
  return { ok: true, redirectUrl: redirect };
}

/**
 * POST /upload/ as docs/product.md#rest-endpoints has it (a transcript file: POST /api/import_transcript/ with
 * `file` instead of `audio`): multipart `audio` + `campaign_id` (with `title` and
 * `played_on`), the CSRF header and a 15-minute time-out. XMLHttpRequest rather than fetch because only it reports upload progress.
 * Never rejects: every ending, time-out and abort included, is an outcome with the spec's text.
 */
export function sendUpload({
  file,
  kind,
  campaignId,
  title,
  playedOn,
  csrfToken,
  onProgress,
  signal,
}: Request): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const failed = () =>
      resolve({ ok: false, message: kind === 'audio' ? UPLOAD_MESSAGES.network : IMPORT_MESSAGES.network });
    xhr.open('POST', kind === 'audio' ? '/upload/' : '/api/import_transcript/');
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('X-CSRFToken', csrfToken);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => resolve(outcomeOf(xhr, kind));
    xhr.onerror = failed;
    xhr.ontimeout = failed;
    xhr.onabort = failed;
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    // The fields first: the api can then refuse a wrong campaign, title or date before storing a byte of audio.
    form.append('campaign_id', campaignId);
    form.append('title', title);
    form.append('played_on', playedOn);
    form.append(kind === 'audio' ? 'audio' : 'file', file, file.name);
    xhr.send(form);
  });
}
