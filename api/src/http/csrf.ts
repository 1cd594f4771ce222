import type { Request } from 'express';
import { doubleCsrf } from 'csrf-csrf';
import { CSRF_COOKIE, CSRF_HEADER, LOGIN_COOKIE } from './cookies';

/**
 * Signed double-submit CSRF tokens (csrf-csrf). The token is bound to the session cookie, so it
 * changes at sign-in and sign-out; clients fetch a fresh one from /get-csrf-token/ then.
 */
export function createCsrf(secret: string) {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => (req.cookies?.[LOGIN_COOKIE] as string | undefined) ?? '',
    cookieName: CSRF_COOKIE,
    cookieOptions: { sameSite: 'lax', httpOnly: true, path: '/', secure: false },
    getCsrfTokenFromRequest: (req) => req.get(CSRF_HEADER) ?? req.get('x-csrf-token'),
  });
  return {
    /** Issues a token (and its cookie) for this browser. */
    issue: (req: Request, res: Parameters<typeof generateCsrfToken>[1]) =>
      generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false }),
    isValid: (req: Request) => validateRequest(req),
  };
}

export type Csrf = ReturnType<typeof createCsrf>;
