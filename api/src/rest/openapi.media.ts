import { EXPORTS } from './openapi.exports';
import { TRANSCRIPT_EXPORT, TRANSCRIPT_FILES } from './openapi.imports';
import { ok, operation } from './openapi.operation';

// The operations whose bodies are not JSON: the recording's audio, downloads, a recording's raw parts.

/** Media types the recording may be served as: the rendition (audio/mp4) or the upload's own. */
const AUDIO_BYTES = Object.fromEntries(
  ['audio/*', 'video/*', 'application/octet-stream'].map((type) => [type, { schema: { type: 'string' } }]),
);
const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description,
});

/** The player's stream answers with audio bytes, 206 and 304, which `operation` does not describe. */
export function audioOperation() {
  const path = '/api/sessions/{sessionId}/audio';
  const base = operation('get', path, {
    summary: "Streams a session's recording (owner and recipients), with HTTP Range",
    tag: 'sessions',
    ok: ok(),
    errors: [409, 416],
    description:
      'The browser-friendly rendition made during processing (AAC in MP4, audio/mp4) when there is one, else the ' +
      'upload as stored. A recipient of a session with GM-only lines gets a copy silent over them (AAC in MP4), ' +
      "made shortly after the marks change, and 409 until it is made. A recipient's GraphQL Session.audioUrl " +
      'carries `v`, the version of the GM-only marks: 409 when it is no longer current (reload the URL). ' +
      '`Accept-Ranges: bytes`; one range per request (several, or a malformed Range, get the whole ' +
      'file); ETag and Last-Modified with If-None-Match / If-Modified-Since (304) and If-Range; ' +
      '`Cache-Control: private, no-store` (no cache may hand it to a later reader). GraphQL Session.audioUrl gives this path. 404 for a session without stored ' +
      'audio, and the very same 404 as a missing session for one the caller may not read. HEAD answers the headers.',
  });
  const { 200: _json, ...errors } = base.responses;
  const length = { 'Content-Length': { schema: { type: 'integer' } }, ETag: { schema: { type: 'string' } } };
  return [
    path,
    'get',
    {
      ...base,
      parameters: [
        ...(base.parameters ?? []),
        {
          name: 'v',
          in: 'query',
          required: false,
          schema: { type: 'string', pattern: '^[0-9a-f]{16}$' },
          description: "A recipient's version of the GM-only marks, from Session.audioUrl; ignored for the owner",
        },
        header('Range', 'One byte range, e.g. `bytes=0-1023`, `bytes=4096-` or `bytes=-500`'),
        header('If-Range', 'The ETag or Last-Modified the range was read from; another answers the whole file'),
        header('If-None-Match', 'An ETag from an earlier answer: 304 while the file is the same'),
      ],
      responses: {
        200: { description: 'The whole recording', headers: length, content: AUDIO_BYTES },
        206: {
          description: 'The bytes the Range asked for',
          headers: { ...length, 'Content-Range': { schema: { type: 'string' } } },
          content: AUDIO_BYTES,
        },
        304: { description: 'Not modified: the file is still the one the validators name' },
        ...errors,
      },
    },
  ] as const;
}

/** A transcript download answers with the file, not JSON; `format` is one of two. */
export function transcriptExportOperation() {
  const { path, summary, description, tableTalk, format } = TRANSCRIPT_EXPORT;
  const base = operation('get', path, { summary, description, tag: 'sessions', ok: ok(), errors: [409] });
  const { 200: _json, ...errors } = base.responses;
  const parameters = (base.parameters ?? []).map((p) => (p.name === 'format' ? format : p));
  return [
    path,
    'get',
    {
      ...base,
      parameters: [...parameters, tableTalk],
      responses: { 200: { description: 'The transcript file', content: TRANSCRIPT_FILES }, ...errors },
    },
  ] as const;
}

/** A download answers with its file, not JSON; 409 until there is something to export. */
export function exportOperation({ path, summary, description, tag, content }: (typeof EXPORTS)[number]) {
  const base = operation('get', path, { summary, description, tag, ok: ok(), errors: [409] });
  const { 200: _json, ...errors } = base.responses;
  return [path, 'get', { ...base, responses: { 200: { description: 'The file', content }, ...errors } }] as const;
}

/** A part of a recording is raw bytes (a slice of MediaRecorder's stream), not JSON. */
export function recordingPartOperation() {
  const path = '/api/recordings/{recordingId}/segments/{segment}/parts/{number}/';
  const base = operation('post', path, {
    summary: 'Stores part `number` (0, 1, 2 …) of a segment of the recording: the bytes MediaRecorder gave',
    tag: 'recordings',
    ok: ok('Recording'),
    errors: [409],
    description:
      'Idempotent by number: a part that arrived before is answered without storing it again. Parts may arrive in ' +
      'any order; `parts_received` counts those without a gap. Part 0 must start an audio container (400 otherwise); ' +
      '413 above RECORDING_PART_MAX_BYTES; 409 once the recording is finished or the segment was closed by a resume.',
  });
  const requestBody = {
    required: true,
    content: {
      'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
    },
  };
  return [path, 'post', { ...base, requestBody }] as const;
}
