import type { RequestHandler } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Config } from '../config/config';
import { JSON_DEPTH_MAX, JSON_DEPTH_MESSAGE, nestsDeeperThan } from '../kernel/validation';
import { createMcpServer } from './mcp-server';

/**
 * Messages one POST may carry (JSON-RPC batches): clients send one at a time, and like GraphQL's cap
 * on aliases and mutations this keeps one request from multiplying the work (the SDK allows 100).
 */
export const MCP_BATCH_MAX = 10;

/** JSON-RPC errors of the endpoint itself (the transport's own range, -32000 and below). */
const refusal = (res: Parameters<RequestHandler>[1], status: number, code: number, message: string) =>
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * /mcp: the Streamable HTTP transport, stateless (every POST carries its own bearer token and gets
 * a server of its own, so any api instance can answer any message) with plain JSON replies. Bearer
 * tokens only: a cookie would let any site a user visits ask on their behalf. Read and full tokens
 * both work; the tools only read.
 */
export function mcpEndpoint(config: Pick<Config, 'PUBLIC_URL'>): RequestHandler {
  return async (req, res, next) => {
    try {
      if (req.viewer.via !== 'bearer') {
        res.set('WWW-Authenticate', 'Bearer realm="questlog"');
        refusal(res, 401, -32001, 'A personal API token is required: Authorization: Bearer <token>');
        return;
      }
      // No server-to-client stream to open (GET) and no session to end (DELETE) without sessions.
      if (req.method !== 'POST') {
        res.set('Allow', 'POST');
        refusal(res, 405, -32000, 'Method not allowed: POST each message');
        return;
      }
      if (Array.isArray(req.body) && req.body.length > MCP_BATCH_MAX) {
        refusal(res, 400, -32600, `Too many messages in one request (max ${MCP_BATCH_MAX})`);
        return;
      }
      if (nestsDeeperThan(req.body, JSON_DEPTH_MAX)) {
        refusal(res, 400, -32600, JSON_DEPTH_MESSAGE);
        return;
      }
      const webOrigin = config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.get('host')}`;
      const server = createMcpServer({ viewer: req.viewer, services: req.services, webOrigin });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => void server.close());
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (err) {
      next(err);
    }
  };
}
