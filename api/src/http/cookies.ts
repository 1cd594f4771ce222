import type { CookieOptions, Request, Response } from 'express';
import { SESSION_TTL_MS } from '../modules/accounts/auth.service';

export const SESSION_COOKIE = 'questlog_session';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/** Secure only when the request really arrived over TLS (req.secure honours TRUST_PROXY). */
export function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

/** Sets and clears the session cookie; given to services' callers so transports stay thin. */
export interface SessionCookies {
  current(): string | undefined;
  set(token: string): void;
  clear(): void;
}

export function sessionCookies(req: Request, res: Response): SessionCookies {
  return {
    current: () => req.cookies?.[SESSION_COOKIE] as string | undefined,
    set: (token) => res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_MS }),
    clear: () => {
      res.clearCookie(SESSION_COOKIE, cookieOptions(req));
      res.clearCookie(CSRF_COOKIE, cookieOptions(req));
    },
  };
}
