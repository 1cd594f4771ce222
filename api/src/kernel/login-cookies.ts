/** How long a sign-in lasts (the login row and its cookie alike). */
export const LOGIN_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a browser stays known after its last sign-in (the device cookie lives as long). */
export const DEVICE_TTL_MS = 180 * 24 * 3600 * 1000;

/**
 * Sets and clears the sign-in cookie. The services ask for it by this shape; the HTTP layer
 * (http/cookies.ts) provides it, so accounts never import the transport.
 */
export interface LoginCookies {
  current(): string | undefined;
  set(token: string): void;
  clear(): void;
  /** The browser's device cookie (login-throttle.ts): kept across sign-outs, it marks a known browser. */
  device(): string | undefined;
  setDevice(token: string): void;
}
