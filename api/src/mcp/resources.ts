import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { DomainError } from '../kernel/errors';
import { LONG_SESSION_FIELDS } from '../modules/campaigns';
import type { McpContext } from './mcp-context';
import { userMessage } from './tool-result';

/** JSON-RPC's code for a resource that is not there (the MCP specification's). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * questlog://session/<id>/transcript and …/summaries: a session's whole transcript and its summaries
 * as the caller may read them (a recipient's without GM-only lines or GM-only summaries).
 */
export function registerSessionResources(server: McpServer, ctx: McpContext): void {
  const { services, viewer } = ctx;

  server.registerResource(
    'session-transcript',
    new ResourceTemplate('questlog://session/{sessionId}/transcript', { list: () => listSessions(ctx, 'transcript') }),
    {
      title: 'Session transcript',
      description: 'The whole transcript, `[hh:mm:ss] Name: line`',
      mimeType: 'text/plain',
    },
    (uri, { sessionId }) =>
      read(uri, async () => {
        const { session, role } = await services.sessions.read(viewer, String(sessionId));
        return { mimeType: 'text/plain', text: await services.sessions.fullTranscript(session, role) };
      }),
  );

  server.registerResource(
    'session-summaries',
    new ResourceTemplate('questlog://session/{sessionId}/summaries', { list: () => listSessions(ctx, 'summaries') }),
    {
      title: 'Session summaries',
      description: 'One-line, brief, moderate and detailed summaries (may hold HTML)',
      mimeType: 'application/json',
    },
    (uri, { sessionId }) =>
      read(uri, async () => {
        const { session, role } = await services.sessions.read(viewer, String(sessionId));
        const summary = (field: Parameters<typeof services.sessions.summary>[2]) =>
          services.sessions.summary(session, role, field);
        const summaries = {
          title: session.title,
          oneLine: summary('summaryVeryShort'),
          brief: summary('briefSummary'),
          moderate: summary('moderateSummary'),
          detailed: summary('detailedSummary'),
        };
        return { mimeType: 'application/json', text: JSON.stringify(summaries, null, 2) };
      }),
  );
}

/** Every session of the caller's own and shared campaigns, as resources of one kind. */
async function listSessions({ services, viewer }: McpContext, kind: 'transcript' | 'summaries') {
  try {
    const own = await services.campaigns.listOwn(viewer);
    const received = (await services.shares.listReceived(viewer)).map((s) => s.campaign.getEntity());
    const resources = [];
    for (const campaign of [...own, ...received]) {
      for (const s of await services.campaigns.sessionsOf(campaign, LONG_SESSION_FIELDS)) {
        resources.push({ uri: `questlog://session/${s.id}/${kind}`, name: `${campaign.title}: ${s.title} (${kind})` });
      }
    }
    return { resources };
  } catch (err) {
    throw asMcpError(err);
  }
}

async function read(uri: URL, body: () => Promise<{ mimeType: string; text: string }>): Promise<ReadResourceResult> {
  try {
    return { contents: [{ uri: uri.href, ...(await body()) }] };
  } catch (err) {
    throw asMcpError(err);
  }
}

/** Not found stays "not found" (unknown and foreign ids alike); nothing internal reaches the client. */
function asMcpError(err: unknown): McpError {
  if (err instanceof DomainError && err.code === 'NOT_FOUND') return new McpError(RESOURCE_NOT_FOUND, err.message);
  if (err instanceof DomainError) return new McpError(ErrorCode.InvalidRequest, err.message);
  return new McpError(ErrorCode.InternalError, userMessage('resource', err));
}
