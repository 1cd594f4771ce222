import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { ArgumentValidationError } from 'type-graphql';
import { DomainError, unavailable } from '../kernel/errors';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { loggableError } from '../db/loggable-error';
import { LIMIT_CODE, QueryLimitError } from './limits';

/**
 * Domain errors reach clients with their code and message (extensions.code, extensions.field);
 * refusals by the query limits keep their message and code QUERY_TOO_COMPLEX (Apollo reports
 * those found by validation as GRAPHQL_VALIDATION_FAILED); anything unexpected is logged and
 * hidden behind a generic message.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const limit = limitError(error);
  if (limit) return { message: limit.message, locations: formatted.locations, extensions: { code: LIMIT_CODE } };
  const unwrapped = unwrapResolverError(error);
  // A database restart is an outage to wait out (UNAVAILABLE), not a server fault.
  const original = isDatabaseUnavailable(unwrapped) ? unavailable() : unwrapped;
  if (original instanceof DomainError) {
    return {
      message: original.message,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
    };
  }
  if (original instanceof ArgumentValidationError) {
    return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' } };
  }
  const code = formatted.extensions?.code;
  if (code === 'INTERNAL_SERVER_ERROR' || (!code && !(original instanceof GraphQLError))) {
    console.error(loggableError(original));
    return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL' } };
  }
  return formatted;
}

function limitError(error: unknown): QueryLimitError | undefined {
  if (error instanceof QueryLimitError) return error;
  if (error instanceof GraphQLError && error.originalError instanceof QueryLimitError) return error.originalError;
  return undefined;
}
