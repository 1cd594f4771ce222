import { expect, request as playwrightRequest, test } from '@playwright/test';
import { graphql, newAccount, registerThroughApi } from './support/api';
import { screenshots } from './support/screenshots';

// Issue 29: Profile's "Connect an assistant" gives the MCP endpoint, a read-only token shown once,
// and configurations with both filled in; the token then works at /mcp and writes nothing.

test('Connect an assistant: a read-only token, shown once, in configurations that work', async ({ page, baseURL }) => {
  await registerThroughApi(page.request, newAccount('Mira'));
  await graphql(page.request, 'mutation { createCampaign(title: "Curse of Strahd") { id } }');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Connect an assistant' });
  const endpoint = `${baseURL}/mcp`;
  await expect(section.getByText(endpoint, { exact: true })).toBeVisible();
  const desktop = section.getByLabel('Claude Desktop configuration', { exact: true });
  await expect(desktop).toContainText('qlt_your_read_only_token');

  await section.getByRole('button', { name: 'Create read-only token' }).click();
  const secret = await section.getByLabel('New API token').inputValue();
  expect(secret).toMatch(/^qlt_/);
  const config = JSON.parse((await desktop.textContent()) ?? '');
  expect(config.mcpServers.questlog.env).toEqual({ QUESTLOG_URL: baseURL, QUESTLOG_TOKEN: secret });
  await expect(section.getByLabel('Claude Code configuration', { exact: true })).toHaveText(
    `claude mcp add --transport http questlog ${endpoint} --header "Authorization: Bearer ${secret}"`,
  );
  const http = JSON.parse((await section.getByLabel(/^Streamable HTTP clients.*configuration$/).textContent()) ?? '');
  expect(http.mcpServers.questlog).toEqual({ url: endpoint, headers: { Authorization: `Bearer ${secret}` } });
  const row = page.getByRole('row', { name: /Assistant \(read-only\)/ });
  await expect(row.getByRole('cell', { name: 'Read only' })).toBeVisible();
  await screenshots(page, 'profile-connect-assistant', { fullPage: true });

  // The token as an assistant uses it: no cookies, only the bearer header.
  const assistant = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}`, Accept: 'application/json, text/event-stream' },
  });
  const call = await assistant.post('/mcp', {
    data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_campaigns', arguments: {} } },
  });
  expect(call.status()).toBe(200);
  const { result } = await call.json();
  expect(result.structuredContent.campaigns).toEqual([
    expect.objectContaining({ title: 'Curse of Strahd', role: 'OWNER' }),
  ]);
  const write = await assistant.post('/graphql', {
    data: { query: 'mutation { createCampaign(title: "No") { id } }' },
  });
  expect(write.status()).toBe(403);
  await assistant.dispose();

  // Shown once: gone when saved, and never again after a reload.
  await section.getByRole('button', { name: 'I have saved it' }).click();
  await expect(desktop).toContainText('qlt_your_read_only_token');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Connect an assistant' })).not.toContainText(secret);
});
