import { expect, type APIRequestContext } from '@playwright/test';

export interface TestAccount {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh, unique account description (the database is new per run, but tests share it). */
export function newAccount(firstName = 'Ada'): TestAccount {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName, lastName: 'Lovelace', email: `e2e-${unique}@example.com`, password: 'dragons-42-hoard' };
}

/** Calls the api's GraphQL endpoint the way the web app does: CSRF token first, then the operation. */
export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const tokenResponse = await request.get('/get-csrf-token/');
  expect(tokenResponse.ok()).toBeTruthy();
  const { csrfToken } = (await tokenResponse.json()) as { csrfToken: string };
  const response = await request.post('/graphql', {
    headers: { 'X-CSRFToken': csrfToken, 'Content-Type': 'application/json' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`GraphQL error: ${body.errors.map((e) => e.message).join('; ')}`);
  return body.data as T;
}

/**
 * Registers through the api. With `page.request` the session cookie lands in the browser
 * context, so the page is signed in; with a separate request context it is not.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  await graphql(
    request,
    `
      mutation ($input: RegisterInput!) {
        register(input: $input) {
          id
        }
      }
    `,
    { input: { ...account, passwordConfirm: account.password } },
  );
  return account;
}
