/** The placeholder the snippets show until a token is created here (the secret is shown only once). */
export const TOKEN_PLACEHOLDER = 'qlt_your_read_only_token';

export interface AssistantSnippet {
  title: string;
  hint: string;
  text: string;
}

/**
 * Copy-paste configurations for common MCP clients (docs/mcp.md): desktop assistants start the
 * stdio command of a Questlog checkout, others reach /mcp over Streamable HTTP.
 */
export function assistantSnippets(endpoint: string, token: string | null): AssistantSnippet[] {
  const secret = token ?? TOKEN_PLACEHOLDER;
  const origin = endpoint.replace(/\/mcp$/, '');
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      title: 'Claude Desktop',
      hint: 'claude_desktop_config.json; the path is where Questlog is installed (after npm run build).',
      text: json({
        mcpServers: {
          questlog: {
            command: 'node',
            args: ['/path/to/questlog/api/dist/mcp.js'],
            env: { QUESTLOG_URL: origin, QUESTLOG_TOKEN: secret },
          },
        },
      }),
    },
    {
      title: 'Claude Code',
      hint: 'One command in a terminal.',
      text: `claude mcp add --transport http questlog ${endpoint} --header "Authorization: Bearer ${secret}"`,
    },
    {
      title: 'Streamable HTTP clients (Cursor, VS Code and others)',
      hint: 'The server entry; VS Code names the list "servers" and wants "type": "http".',
      text: json({ mcpServers: { questlog: { url: endpoint, headers: { Authorization: `Bearer ${secret}` } } } }),
    },
  ];
}
