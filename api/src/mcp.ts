#!/usr/bin/env node
import { bridgeEnv, runStdioBridge } from './mcp/stdio-bridge';

/**
 * `node api/dist/mcp.js` (or `npx questlog-mcp`): Questlog for desktop assistants over stdio,
 * talking to a running Questlog at QUESTLOG_URL with QUESTLOG_TOKEN (docs/mcp.md). stdout carries
 * the protocol, so everything else goes to stderr.
 */
async function main(): Promise<void> {
  let env;
  try {
    env = bridgeEnv(process.env);
  } catch (err) {
    console.error(`questlog-mcp: ${(err as Error).message}`);
    process.exit(1);
  }
  await runStdioBridge(env);
}

void main();
