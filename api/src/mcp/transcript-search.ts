import type { TranscriptLine } from '../modules/transcripts';
import { LONG_SESSION_FIELDS } from '../modules/campaigns';
import type { McpContext } from './mcp-context';

/** The most lines one search returns. */
export const SEARCH_MAX = 50;

export interface FoundLine {
  session: { id: string; title: string };
  line: TranscriptLine;
}

/** Lower-case words of a text, for a match that ignores case and punctuation. */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/**
 * The lines of a session, or of every session of a campaign, that hold each word of the query (a
 * word of the line that starts with it, so "goblin" finds "goblins"). The lines are those the
 * session service gives this viewer: a recipient's never hold a GM-only line.
 */
export async function findLines(
  { services, viewer }: McpContext,
  scope: { sessionId?: string; campaignId?: string },
  query: string,
): Promise<FoundLine[]> {
  const wanted = words(query);
  const sessions = scope.sessionId
    ? [await services.sessions.read(viewer, scope.sessionId)]
    : await campaignSessions({ services, viewer }, scope.campaignId!);
  const found: FoundLine[] = [];
  for (const { session, role } of sessions) {
    for (const line of await services.sessions.transcriptLines(session, role)) {
      const said = words(line.text);
      if (wanted.every((w) => said.some((s) => s.startsWith(w)))) {
        found.push({ session: { id: session.id, title: session.title }, line });
      }
    }
  }
  return found;
}

async function campaignSessions({ services, viewer }: Pick<McpContext, 'services' | 'viewer'>, campaignId: string) {
  const { campaign, role } = await services.campaigns.read(viewer, campaignId);
  const sessions = await services.campaigns.sessionsOf(campaign, LONG_SESSION_FIELDS);
  return sessions.map((session) => ({ session, role }));
}
