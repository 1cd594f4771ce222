// scripts/setup.sh's fallback when Go is missing: the Temporal SDK downloads the dev server (the
// Temporal CLI) from temporal.download, which needs internet access, and it is kept as .tools/temporal.
import fs from 'node:fs';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';

const tools = path.resolve('.tools');
const target = path.join(tools, 'temporal');
fs.mkdirSync(tools, { recursive: true });

// Starting a throw-away dev server is the SDK's public way to trigger (and cache) the download.
const env = await TestWorkflowEnvironment.createLocal({
  server: { executable: { type: 'cached-download', downloadDir: tools } },
});
await env.teardown();

const downloaded = fs
  .readdirSync(tools)
  .map((name) => path.join(tools, name))
  .filter((file) => file !== target && path.basename(file).startsWith('temporal') && fs.statSync(file).isFile())
  .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
if (downloaded.length === 0) {
  console.error(`[setup] the Temporal SDK reported success but left no temporal binary in ${tools}`);
  process.exit(1);
}
fs.copyFileSync(downloaded[0], target);
fs.chmodSync(target, 0o755);
console.log(`[setup] Temporal CLI downloaded to ${path.relative(process.cwd(), target)}`);
