/** The query value of /login that names where to go once signed in. */
export const RETURN_PARAM = 'next';

/** The signed-out pages: no place to return to (each sends a signed-in user on to the dashboard). */
const PUBLIC_PATHS = new Set(['/', '/login', '/register', '/forgot-password']);

/**
 * `raw` as a path of this app to return to after sign-in, or null. Only a path on this origin
 * passes: a full URL, a protocol-relative `//host` or a backslash trick (which browsers read as
 * another host) resolves to another origin and is refused, so the link cannot send anyone away.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.length > 2000) return null;
  let url: URL;
  try {
    url = new URL(raw, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin || PUBLIC_PATHS.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login carrying the place a signed-out visitor asked for. */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ [RETURN_PARAM]: path })}`;
}
