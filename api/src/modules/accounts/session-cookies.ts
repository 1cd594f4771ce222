/**
 * Sets and clears the sign-in cookie. The services ask for it by this shape; the HTTP layer
 * (http/cookies.ts) provides it, so accounts never import the transport.
 */
export interface SessionCookies {
  current(): string | undefined;
  set(token: string): void;
  clear(): void;
}
