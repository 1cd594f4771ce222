import type { CookieOptions, Request, Response } from 'express';
import { DEVICE_TTL_MS, LOGIN_TTL_MS } from '../kernel/login-cookies';
import type { LoginCookies } from '../kernel/login-cookies';

// The cookie's name on the wire stays: a new one would sign every browser out.
export const LOGIN_COOKIE = 'questlog_session';
export const DEVICE_COOKIE = 'questlog_device';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/** Secure only when the request really arrived over TLS (req.secure honours TRUST_PROXY). */
export function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' };
}

export type { LoginCookies };

/** The login cookie of one request, as the account services ask for it. */
export function loginCookies(req: Request, res: Response): LoginCookies {
  return {
    current: () => req.cookies?.[LOGIN_COOKIE] as string | undefined,
    set: (token) => res.cookie(LOGIN_COOKIE, token, { ...cookieOptions(req), maxAge: LOGIN_TTL_MS }),
    clear: () => {
      res.clearCookie(LOGIN_COOKIE, cookieOptions(req));
      res.clearCookie(CSRF_COOKIE, cookieOptions(req));
    },
    device: () => req.cookies?.[DEVICE_COOKIE] as string | undefined,
    setDevice: (token) => res.cookie(DEVICE_COOKIE, token, { ...cookieOptions(req), maxAge: DEVICE_TTL_MS }),
  };
}
