import { HttpClient } from './http-client';
import type { TestApp } from './app';

let counter = 0;

/** A registration payload (REST field names) that passes every rule; override what a test is about. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `player${counter}.${Date.now()}@example.com`,
    password: 'dice-roll-20',
    password_confirm: 'dice-roll-20',
    preferred_name: '',
    ...overrides,
  };
}

/** A browser that has registered (and so is signed in) through the real REST shim. */
export async function signedUpClient(app: TestApp, overrides: Record<string, unknown> = {}) {
  const client = new HttpClient(app.url);
  const payload = registration(overrides);
  const res = await client.post('/register/', payload);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.resetCsrf();
  return { client, email: payload.email, password: payload.password };
}

/** Rows in a table, read straight from the database (not through the api under test). */
export async function countRows(
  app: TestApp,
  table: string,
  where = 'true',
  params: readonly unknown[] = [],
): Promise<number> {
  const rows = await app.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ n: number }>>(`select count(*)::int as n from "${table}" where ${where}`, [...params]);
  return rows[0].n;
}

/** errors[0] of a GraphQL response, as the web app reads it: message, code and field. */
export function firstError(res: {
  body: { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}) {
  const e = res.body.errors?.[0];
  return e && { message: e.message, code: e.extensions?.code, field: e.extensions?.field };
}
