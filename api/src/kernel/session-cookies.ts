/**
 * Sets and clears the sign-in cookie. The services ask for it by this shape; the HTTP layer
 * (http/cookies.ts) provides it, so accounts never import the transport.
 */
export interface SessionCookies {
  current(): string | undefined;
  set(token: string): void;
  clear(): void;
  /** The browser's device cookie (login-throttle.ts): kept across sign-outs, it marks a known browser. */
  device(): string | undefined;
  setDevice(token: string): void;
}
