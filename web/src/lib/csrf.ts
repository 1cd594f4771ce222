import { ApolloLink, CombinedGraphQLErrors, ServerError } from '@apollo/client';
import type { FormattedExecutionResult, OperationDefinitionNode } from 'graphql';
import { catchError, defer, map, mergeMap, tap, throwError } from 'rxjs';

/**
 * The api binds its CSRF token to the session cookie, so one token serves until the session
 * changes (sign-in, registration, sign-out); then, or when the api refuses the token, we fetch anew.
 */
let pending: Promise<string> | null = null;

async function fetchToken(): Promise<string> {
  const res = await fetch('/get-csrf-token/', { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`CSRF token request failed: ${res.status}`);
  const body = (await res.json()) as { csrfToken?: unknown };
  if (typeof body.csrfToken !== 'string') throw new Error('CSRF token missing from response');
  return body.csrfToken;
}

/** The current token, fetched once and shared by concurrent requests. */
export function csrfToken(): Promise<string> {
  pending ??= fetchToken().catch((err: unknown) => {
    pending = null;
    throw err;
  });
  return pending;
}

/** Forgets the token; the next request fetches one bound to the new session. */
export function resetCsrfToken(): void {
  pending = null;
}

const SESSION_CHANGING_FIELDS = new Set(['login', 'register', 'logout']);

function changesSession(query: { definitions: readonly { kind: string }[] }): boolean {
  return query.definitions.some(
    (d) =>
      d.kind === 'OperationDefinition' &&
      (d as OperationDefinitionNode).operation === 'mutation' &&
      (d as OperationDefinitionNode).selectionSet.selections.some(
        (s) => s.kind === 'Field' && SESSION_CHANGING_FIELDS.has(s.name.value),
      ),
  );
}

function isCsrfResult(result: FormattedExecutionResult): boolean {
  return !!result.errors?.some((e) => e.extensions?.code === 'CSRF_FAILED');
}

function isCsrfError(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return error.errors.some((e) => e.extensions?.code === 'CSRF_FAILED');
  return ServerError.is(error) && error.statusCode === 403 && error.bodyText.includes('CSRF_FAILED');
}

class CsrfRefused extends Error {}

/** Sends X-CSRFToken on every request; on a CSRF_FAILED refusal refetches the token and retries once. */
export const csrfLink = new ApolloLink((operation, forward) => {
  const attempt = () =>
    defer(() => csrfToken()).pipe(
      mergeMap((token) => {
        operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
          headers: { ...headers, 'X-CSRFToken': token },
        }));
        return forward(operation);
      }),
    );
  const retry = () => {
    resetCsrfToken();
    return attempt();
  };
  return attempt().pipe(
    map((result) => {
      if (isCsrfResult(result)) throw new CsrfRefused();
      return result;
    }),
    catchError((err: unknown) => (err instanceof CsrfRefused || isCsrfError(err) ? retry() : throwError(() => err))),
    tap({
      complete: () => {
        if (changesSession(operation.query)) resetCsrfToken();
      },
    }),
  );
});
