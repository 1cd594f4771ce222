import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { EXPORTS } from './openapi.exports';
import { AudioHeaders, AudioQuery, TRANSCRIPT_FILES, TranscriptFormat, TranscriptQuery } from './media.schemas';
import { Success, fileBytes } from './common.schemas';
import { ok, operation } from './openapi.operation';
import { Recording } from '../modules/recordings/recordings.schemas';

// The operations whose bodies are not JSON: the recording's audio, downloads, a recording's raw parts.

/** Media types the recording may be served as: the rendition (audio/mp4) or the upload's own. */
const AUDIO_BYTES = Object.fromEntries(
  ['audio/*', 'video/*', 'application/octet-stream'].map((type) => [type, { schema: z.string() }]),
);

/** The JSON success `operation` writes, swapped for the file the call answers with. */
function withFile(route: RouteConfig, answers: RouteConfig['responses']): RouteConfig {
  const { 200: _json, ...errors } = route.responses;
  return { ...route, responses: { ...answers, ...errors } };
}

/** The player's stream answers with audio bytes, 206 and 304, which `operation` does not describe. */
export function audioOperation(): RouteConfig {
  const base = operation('get', '/api/sessions/{sessionId}/audio', {
    summary: "Streams a session's recording (owner and recipients), with HTTP Range",
    tag: 'sessions',
    ok: ok(Success),
    errors: [409, 416],
    query: AudioQuery,
    headers: AudioHeaders,
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
  const length = { 'Content-Length': { schema: { type: 'integer' } }, ETag: { schema: { type: 'string' } } } as const;
  return withFile(base, {
    200: { description: 'The whole recording', headers: length, content: AUDIO_BYTES },
    206: {
      description: 'The bytes the Range asked for',
      headers: { ...length, 'Content-Range': { schema: { type: 'string' } } },
      content: AUDIO_BYTES,
    },
    304: { description: 'Not modified: the file is still the one the validators name' },
  });
}

/** A transcript download answers with the file, not JSON; `format` is one of two. */
export function transcriptExportOperation(): RouteConfig {
  const base = operation('get', '/api/sessions/{sessionId}/transcript.{format}', {
    summary: "A session's transcript as a WebVTT or SubRip file (owner and recipients)",
    description:
      '`format` is `vtt` (speakers as `<v Name>` voice tags) or `srt` (speakers as "Name: "); speakers are named as ' +
      "the campaign's cast names them. The in-game lines, as the archive's Full Transcript shows them by default; " +
      '`table_talk=include` adds the table talk. `Content-Disposition: attachment` with a file name from the title. ' +
      '409 when the session has no transcript lines yet; the very same 404 as a missing session for one the caller ' +
      'may not read, and 404 for another format.',
    tag: 'sessions',
    ok: ok(Success),
    errors: [409],
    params: TranscriptFormat.shape,
    query: TranscriptQuery,
  });
  return withFile(base, { 200: { description: 'The transcript file', content: TRANSCRIPT_FILES } });
}

/** A download answers with its file, not JSON; 409 until there is something to export. */
export function exportOperation({ path, summary, description, tag, content }: (typeof EXPORTS)[number]) {
  const base = operation('get', path, { summary, description, tag, ok: ok(Success), errors: [409] });
  return withFile(base, { 200: { description: 'The file', content } });
}

/** A part of a recording is raw bytes (a slice of MediaRecorder's stream), not JSON. */
export function recordingPartOperation(): RouteConfig {
  const base = operation('post', '/api/recordings/{recordingId}/segments/{segment}/parts/{number}/', {
    summary: 'Stores part `number` (0, 1, 2 …) of a segment of the recording: the bytes MediaRecorder gave',
    tag: 'recordings',
    ok: ok(Recording),
    errors: [409],
    description:
      'Idempotent by number: a part that arrived before is answered without storing it again. Parts may arrive in ' +
      'any order; `parts_received` counts those without a gap. Part 0 must start an audio container (400 otherwise); ' +
      '413 above RECORDING_PART_MAX_BYTES; 409 once the recording is finished or the segment was closed by a resume.',
  });
  const body = { required: true, content: { 'application/octet-stream': { schema: fileBytes } } };
  return { ...base, request: { ...base.request, body } };
}
