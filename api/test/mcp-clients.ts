import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const repo = path.resolve(__dirname, '../..');

export type McpTransportKind = 'streamable-http' | 'stdio';

/**
 * The SDK's own client, connected to the api at `url` with `token`: straight to /mcp, or through
 * the real stdio command (api/src/mcp.ts run from source as `node api/dist/mcp.js` runs built).
 */
export async function mcpClient(kind: McpTransportKind, url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'questlog-test', version: '1.0.0' });
  const transport =
    kind === 'streamable-http'
      ? new StreamableHTTPClientTransport(new URL('/mcp', url), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        })
      : new StdioClientTransport({
          command: process.execPath,
          args: ['-r', './api/test/swc-register.cjs', 'api/src/mcp.ts'],
          cwd: repo,
          env: { PATH: process.env.PATH ?? '', QUESTLOG_URL: url, QUESTLOG_TOKEN: token },
          stderr: 'pipe',
        });
  await client.connect(transport);
  return client;
}
