/** Stable error codes; the one place that maps them to HTTP statuses is HTTP_STATUS below. */
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'QUOTA_EXCEEDED'
  | 'CSRF_FAILED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'UNAVAILABLE'
  | 'INTERNAL';

export const HTTP_STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  // The plan's monthly audio hours are used up: allowed in principle, refused until the plan changes.
  QUOTA_EXCEEDED: 403,
  CSRF_FAILED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  // A Range request for bytes past the end of a stored recording.
  RANGE_NOT_SATISFIABLE: 416,
  // A service we depend on (the payment provider) failed; trying again later may work.
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * An expected failure with a message a user may read (the spec's wording where it has one).
 * `field` names the input at fault so forms can show the message under it.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badInput = (message: string, field?: string) => new DomainError('BAD_USER_INPUT', message, field);
export const notFound = (message = 'Not found') => new DomainError('NOT_FOUND', message);
export const unauthenticated = (message = 'Authentication required') => new DomainError('UNAUTHENTICATED', message);

/** The database (or another service we cannot work without) is briefly out of reach: try again soon. */
export const unavailable = () =>
  new DomainError('UNAVAILABLE', 'Questlog is briefly unavailable. Please try again in a moment.', undefined, 5);
