import { CommandTimeoutError, runCommand } from './run-command';

test('passes arguments without a shell and collects output and exit code', async () => {
  const result = await runCommand('sh', ['-c', 'echo "$1"; echo oops >&2; exit 3', 'sh', '$(rm -rf /) ; `x`']);
  expect(result).toEqual({ code: 3, stdout: '$(rm -rf /) ; `x`\n', stderr: 'oops\n' });
});

test('kills the child at its time limit', async () => {
  const started = Date.now();
  await expect(runCommand('sleep', ['10'], { timeoutMs: 200 })).rejects.toBeInstanceOf(CommandTimeoutError);
  expect(Date.now() - started).toBeLessThan(3000);
});

test('kills the child when aborted, with the abort reason', async () => {
  const controller = new AbortController();
  const running = runCommand('sleep', ['10'], { signal: controller.signal });
  setTimeout(() => controller.abort(new Error('session cancelled')), 100);
  await expect(running).rejects.toThrow('session cancelled');
});

test('reports a binary that does not exist', async () => {
  await expect(runCommand('no-such-binary-here', [])).rejects.toThrow(/ENOENT/);
});
