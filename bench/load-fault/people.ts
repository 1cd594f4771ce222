/*
 * The bench's users, made through the real api as the web app makes them: registration (signed in
 * by cookie), a plan, campaigns, shares and uploads; and what they read back.
 */
import fs from 'node:fs';
import path from 'node:path';
import { registration } from '../../api/test/accounts';
import { HttpClient } from '../../api/test/http-client';
import type { Reader } from './browsing';

export interface Person {
  client: HttpClient;
  email: string;
}

/** A session the api acknowledged (200 with its id), so it must end READY. */
export interface Acknowledged {
  owner: Person;
  sessionId: string;
}

async function gql<T>(person: Person, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await person.client.gql<T>(query, variables);
  if (!res.body.data || res.body.errors?.length) {
    throw new Error(`${query.slice(0, 50)}…: ${res.status} ${JSON.stringify(res.body.errors ?? res.body)}`);
  }
  return res.body.data;
}

/** Registers (and so signs in); `qa` puts the account on the Q&A plan, which self-hosted billing applies at once. */
export async function signUp(url: string, opts: { qa?: boolean } = {}): Promise<Person> {
  const client = new HttpClient(url);
  const payload = registration();
  const res = await client.post('/register/', payload);
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  client.resetCsrf();
  const person = { client, email: payload.email };
  if (opts.qa)
    await gql(person, 'mutation { choosePlan(input: { planId: "qa_chatbot", billingCycle: MONTHLY }) { id } }');
  return person;
}

export async function createCampaign(person: Person, title: string): Promise<string> {
  const data = await gql<{ createCampaign: { id: string } }>(
    person,
    'mutation($title: String!) { createCampaign(title: $title) { id } }',
    { title },
  );
  return data.createCampaign.id;
}

export async function share(owner: Person, campaignId: string, recipient: Person): Promise<void> {
  const res = await owner.client.post('/api/share_campaign/', {
    campaign_id: campaignId,
    recipient_email: recipient.email,
  });
  if (res.status !== 200) throw new Error(`share: ${res.status} ${JSON.stringify(res.body)}`);
}

/** What autocannon sends as this person: the session cookie and the CSRF token bound to it. */
export async function asReader(person: Person): Promise<Reader> {
  const csrf = await person.client.csrfToken();
  return { cookie: [...person.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), csrf };
}

/** POST /upload/ as the web app sends it: the session's id when acknowledged, else the status and why. */
export async function upload(
  person: Person,
  campaignId: string,
  file: string,
): Promise<{ sessionId?: string; status: number; what: string }> {
  const form = new FormData();
  form.append('campaign_id', campaignId);
  form.append('audio', new Blob([fs.readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
  try {
    const res = await person.client.request<{ transcript_id?: string }>('POST', '/upload/', { body: form });
    const sessionId = res.status === 200 ? res.body.transcript_id : undefined;
    return { sessionId, status: res.status, what: JSON.stringify(res.body).slice(0, 200) };
  } catch (err) {
    return { status: 0, what: `network: ${(err as Error).message}` };
  }
}

/** The session's status as its owner sees it; null when the api cannot say right now. */
export async function sessionStatus(person: Person, sessionId: string): Promise<string | null> {
  const res = await person.client
    .gql<{ session: { status: string } | null }>('query($id: ID!) { session(id: $id) { status } }', { id: sessionId })
    .catch(() => undefined);
  return res?.body.data?.session?.status ?? null;
}

/** Polls every acknowledged session until none is PROCESSING or the deadline passes; returns each status. */
export async function settle(sessions: Acknowledged[], deadline: number): Promise<Map<string, string | null>> {
  const statuses = new Map<string, string | null>();
  for (;;) {
    for (const s of sessions) statuses.set(s.sessionId, await sessionStatus(s.owner, s.sessionId));
    const pending = [...statuses.values()].filter((v) => v === 'PROCESSING' || v === null).length;
    if (pending === 0 || Date.now() > deadline) return statuses;
    await new Promise((r) => setTimeout(r, 2000));
  }
}
