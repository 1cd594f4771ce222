import type { CookieOptions, Request, Response } from 'express';
import { DEVICE_TTL_MS, SESSION_TTL_MS } from '../kernel/session-cookies';
import type { SessionCookies } from '../kernel/session-cookies';

export const SESSION_COOKIE = 'questlog_session';
export const DEVICE_COOKIE = 'questlog_device';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/** Secure only when the request really arrived over TLS (req.secure honours TRUST_PROXY). */
export function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

export type { SessionCookies };

/** The session cookie of one request, as the account services ask for it. */
export function sessionCookies(req: Request, res: Response): SessionCookies {
  return {
    current: () => req.cookies?.[SESSION_COOKIE] as string | undefined,
    set: (token) => res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_TTL_MS }),
    clear: () => {
      res.clearCookie(SESSION_COOKIE, cookieOptions(req));
      res.clearCookie(CSRF_COOKIE, cookieOptions(req));
    },
    device: () => req.cookies?.[DEVICE_COOKIE] as string | undefined,
    setDevice: (token) => res.cookie(DEVICE_COOKIE, token, { ...cookieOptions(req), maxAge: DEVICE_TTL_MS }),
  };
}
