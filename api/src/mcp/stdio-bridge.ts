import { z } from 'zod';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** What the stdio command needs: where Questlog runs and a personal API token (read scope is enough). */
const envSchema = z.object({
  QUESTLOG_URL: z.url({ protocol: /^https?$/, error: 'QUESTLOG_URL must be the http(s) address of Questlog' }),
  QUESTLOG_TOKEN: z
    .string({ error: 'QUESTLOG_TOKEN is required: create a token on the Profile page' })
    .startsWith('qlt_', 'QUESTLOG_TOKEN must be a Questlog API token (qlt_…)'),
});

export type BridgeEnv = z.infer<typeof envSchema>;

/** The environment checked, or every problem in one message. */
export function bridgeEnv(env: NodeJS.ProcessEnv): BridgeEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('\n'));
  return parsed.data;
}

/**
 * A desktop assistant speaks MCP over stdin/stdout; this passes every message on to the api's /mcp
 * and every reply back, so the tools, the policy and the limits are the api's own: the command
 * holds no logic and no database. A message the api cannot take gets an error reply naming why.
 */
export async function runStdioBridge({ QUESTLOG_URL, QUESTLOG_TOKEN }: BridgeEnv): Promise<void> {
  const local = new StdioServerTransport();
  const remote = new StreamableHTTPClientTransport(new URL('mcp', QUESTLOG_URL.replace(/\/*$/, '/')), {
    requestInit: { headers: { Authorization: `Bearer ${QUESTLOG_TOKEN}` } },
  });
  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((err: Error) => {
      if (isJSONRPCRequest(message)) {
        void local.send({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32000, message: `Questlog at ${QUESTLOG_URL}: ${err.message}` },
        });
      } else {
        console.error(`questlog-mcp: ${err.message}`);
      }
    });
  };
  remote.onmessage = (message) => void local.send(message);
  remote.onerror = (err) => console.error(`questlog-mcp: ${err.message}`);
  local.onclose = () => void remote.close();
  await remote.start();
  await local.start();
}
