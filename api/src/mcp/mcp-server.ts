import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerCampaignTools } from './campaign-tools';
import { registerSceneTools } from './scene-tools';
import type { McpContext } from './mcp-context';
import { registerSessionResources } from './resources';
import { registerSearchTools } from './search-tools';

/** The name and version assistants see when they connect. */
export const MCP_SERVER_INFO = { name: 'questlog', version: '1.0.0' } as const;

/**
 * Questlog as an MCP server for one caller: read-only tools and resources, each a thin call into
 * the request's services, which ask the one policy. Nothing here decides who may read what.
 */
export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions:
      'Questlog holds recorded tabletop role-playing sessions: transcripts, summaries, a Q&A over them and an ' +
      'index of people, places and things. Start with list_campaigns; every tool only reads.',
  });
  registerCampaignTools(server, ctx);
  registerSceneTools(server, ctx);
  registerSearchTools(server, ctx);
  registerSessionResources(server, ctx);
  return server;
}
