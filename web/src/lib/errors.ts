import { CombinedGraphQLErrors } from '@apollo/client';

export interface UserError {
  message: string;
  code?: string;
  field?: string;
}

/**
 * The api puts the user-facing text in errors[0].message (see docs/accounts-contract.md); anything
 * else (network failure, malformed response) gets the caller's fallback from the spec's catalogue.
 */
export function userError(error: unknown, fallback: string): UserError {
  if (CombinedGraphQLErrors.is(error) && error.errors.length > 0) {
    const first = error.errors[0];
    const code = first.extensions?.code;
    const field = first.extensions?.field;
    return {
      message: first.message || fallback,
      code: typeof code === 'string' ? code : undefined,
      field: typeof field === 'string' ? field : undefined,
    };
  }
  return { message: fallback };
}
