import type { Viewer } from '../kernel/viewer';
import type { Services } from '../services';

/** What every tool of one MCP request works with: the caller, their request's services, where links point. */
export interface McpContext {
  viewer: Viewer;
  services: Services;
  /** The web app's origin (PUBLIC_URL, else the request's), for links that open a line in the player. */
  webOrigin: string;
}

/** Where the web app plays a session from a moment on (the archive's own deep link, as the recap uses). */
export function playLink(ctx: McpContext, sessionId: string, startMs: number): string {
  const params = new URLSearchParams({ transcript_id: sessionId, t: String(startMs) });
  return `${ctx.webOrigin}/archive?${params}`;
}
