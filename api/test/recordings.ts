import fs from 'node:fs/promises';
import path from 'node:path';
import { encodeAs, makeSessionRecording, type ScriptLine } from './audio-fixtures';
import type { HttpClient, HttpResponse } from './http-client';

/**
 * A recording as MediaRecorder sends it: one WebM/Opus stream (written live: no cues, no
 * duration) cut into byte slices. Parts of one stream are byte slices, so splitting the file at
 * byte boundaries is what a browser's timeslices deliver.
 */
export async function recordedParts(dir: string, lines: ScriptLine[], name: string, partBytes = 8_000) {
  const wav = await makeSessionRecording(dir, lines, { wordsPerMinute: 190, pauseMs: 700, name: `${name}.wav` });
  const webm = await encodeAs(wav.path, path.join(dir, `${name}.webm`), [
    '-c:a',
    'libopus',
    '-b:a',
    '24k',
    '-live',
    '1',
    '-f',
    'webm',
  ]);
  const bytes = await fs.readFile(webm);
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += partBytes) parts.push(bytes.subarray(at, at + partBytes));
  return { parts, durationMs: wav.durationMs };
}

/** POST one part as the web app does (raw bytes, CSRF token with the session cookie). */
export function putPart(
  client: HttpClient,
  id: string,
  segment: number,
  number: number,
  bytes: Buffer,
): Promise<HttpResponse> {
  return client.request('POST', `/api/recordings/${id}/segments/${segment}/parts/${number}/`, {
    body: bytes as unknown as string,
    headers: { 'content-type': 'application/octet-stream' },
  });
}
