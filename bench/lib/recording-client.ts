/*
 * A browser recording as the web app drives it (web/src/features/record): startRecording and
 * finishRecording over GraphQL as RecordPanel sends them, each part as raw bytes over REST as
 * part-uploader sends it; and where a session stands, watched as its archive page would.
 */
import type { HttpClient } from '../../api/test/http-client';
import { putPart } from '../../api/test/recordings';

async function gql<T>(client: HttpClient, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await client.gql<T>(query, variables);
  if (!res.body.data || res.body.errors?.length) {
    throw new Error(`${query.slice(0, 40)}…: ${res.status} ${JSON.stringify(res.body.errors ?? res.body)}`);
  }
  return res.body.data;
}

/** A new recording in the campaign; returns its id (the session's id). */
export async function startRecording(client: HttpClient, campaignId: string, mimeType: string): Promise<string> {
  const data = await gql<{ startRecording: { id: string } }>(
    client,
    'mutation($c: ID!, $m: String!) { startRecording(campaignId: $c, mimeType: $m) { id } }',
    { c: campaignId, m: mimeType },
  );
  return data.startRecording.id;
}

/** One part of segment 0; a refusal fails the benchmark (the browser would retry, hiding the fault). */
export async function sendPart(client: HttpClient, id: string, number: number, bytes: Buffer): Promise<void> {
  const res = await putPart(client, id, 0, number, bytes);
  if (res.status !== 200) throw new Error(`part ${number}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Stop: the recording takes no more parts and becomes the session. */
export async function finishRecording(client: HttpClient, id: string): Promise<void> {
  await gql(client, 'mutation($id: ID!) { finishRecording(id: $id) { state } }', { id });
}

/** The session's stage line ("Recording — 12 min transcribed" while recording). */
export async function sessionStage(client: HttpClient, id: string): Promise<string | null> {
  const data = await gql<{ session: { stage: string | null } }>(
    client,
    'query($id: ID!) { session(id: $id) { stage } }',
    {
      id,
    },
  );
  return data.session.stage;
}

export interface StageChange {
  /** Milliseconds since `since`. */
  atMs: number;
  /** Status and stage line, with the recording's state for a recording ("PROCESSING probe FINISHED"). */
  what: string;
}

/**
 * Polls the session (and its recording's state, for a recording) every 250 ms until it is no longer
 * PROCESSING; returns the final status and every change seen (times from `since`, a
 * performance.now()), so a slow Stop shows where it waited.
 */
export async function watchUntilDone(
  client: HttpClient,
  id: string,
  opts: { recording: boolean; since: number },
): Promise<{ status: string; changes: StageChange[] }> {
  const query = opts.recording
    ? 'query($id: ID!) { session(id: $id) { status stage } recording(id: $id) { state } }'
    : 'query($id: ID!) { session(id: $id) { status stage } }';
  const changes: StageChange[] = [];
  for (;;) {
    const data = await gql<{ session: { status: string; stage: string | null }; recording?: { state: string } }>(
      client,
      query,
      { id },
    );
    const what = [data.session.status, data.session.stage ?? '-', data.recording?.state ?? ''].join(' ').trim();
    if (changes.at(-1)?.what !== what) changes.push({ atMs: performance.now() - opts.since, what });
    if (data.session.status !== 'PROCESSING') return { status: data.session.status, changes };
    await new Promise((r) => setTimeout(r, 250));
  }
}
