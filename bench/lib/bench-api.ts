import fs from 'node:fs';
import path from 'node:path';
import { registration } from '../../api/test/accounts';
import { spawnEntry, type EntryProcess } from '../../api/test/entry-process';
import { freePort } from '../../api/test/free-port';
import { HttpClient } from '../../api/test/http-client';

export interface BenchApi {
  api: EntryProcess;
  /** Signed in as a fresh user who owns `campaignId`. */
  client: HttpClient;
  campaignId: string;
  /** The embedded Temporal server, for reading workflow histories. */
  temporalAddress: string;
  stop(): Promise<void>;
}

/** The real api process on free ports, its embedded services' data under `dir`; `env` on top. */
export async function spawnBenchApi(
  dir: string,
  env: Record<string, string>,
): Promise<{ api: EntryProcess; url: string; temporalAddress: string }> {
  const port = await freePort();
  const temporalPort = await freePort();
  const api = spawnEntry('api/src/main.ts', {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(dir, 'data'),
    EMBEDDED_PG_PORT: String(await freePort()),
    TEMPORAL_EMBEDDED_PORT: String(temporalPort),
    TEMPORAL_UI_PORT: String(await freePort()),
    SPEECH_EMBEDDED_PORT: String(await freePort()),
    MAILPIT_SMTP_PORT: String(await freePort()),
    MAILPIT_UI_PORT: String(await freePort()),
    WEB_DIST: '',
    ...env,
  });
  return { api, url: `http://127.0.0.1:${port}`, temporalAddress: `127.0.0.1:${temporalPort}` };
}

/**
 * The real api as its own process (embedded PostgreSQL, Temporal and speech service under `dir`,
 * free ports), so a benchmark measures what `npm start` runs, with a signed-in user and a campaign
 * to upload to.
 */
export async function startBenchApi(dir: string, opts: { runWorker: boolean }): Promise<BenchApi> {
  const { api, url, temporalAddress } = await spawnBenchApi(dir, { RUN_WORKER: String(opts.runWorker) });
  const stop = async () => {
    api.child.kill('SIGTERM');
    await api.exited;
  };
  try {
    if (!(await api.waitFor(/Questlog is running/, 180_000))) throw new Error(`api did not start:\n${api.output()}`);
    const client = new HttpClient(url);
    const reg = await client.post('/register/', registration());
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    client.resetCsrf();
    const campaign = await client.post('/api/create_campaign/', { campaign_name: 'Benchmark' });
    return { api, client, campaignId: campaign.body.campaign_id as string, temporalAddress, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** POST /upload/ as the web app sends it; returns the new session's id. */
export async function upload(client: HttpClient, campaignId: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('campaign_id', campaignId);
  const extension = path.extname(file);
  const type = extension === '.mp3' ? 'audio/mpeg' : extension === '.zip' ? 'application/zip' : 'audio/wav';
  form.append('audio', new Blob([fs.readFileSync(file)], { type }), path.basename(file));
  const res = await fetch(`${client.baseUrl}/upload/`, {
    method: 'POST',
    headers: {
      'x-csrftoken': await client.csrfToken(),
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: form,
  });
  const body = (await res.json()) as { transcript_id?: string };
  if (res.status !== 200 || !body.transcript_id) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.transcript_id;
}

/** Asks the api every 100 ms, as a client without a subscription would. */
export async function waitUntilDone(client: HttpClient, id: string): Promise<{ status: string; stage: string | null }> {
  for (;;) {
    const res = await client.gql<{ session: { status: string; stage: string | null } }>(
      'query($id: ID!) { session(id: $id) { status stage } }',
      { id },
    );
    const session = res.body.data?.session;
    if (!session) throw new Error(`session query: ${JSON.stringify(res.body.errors)}`);
    if (session.status !== 'PROCESSING') return session;
    await new Promise((r) => setTimeout(r, 100));
  }
}
