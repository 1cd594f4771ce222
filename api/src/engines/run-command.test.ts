import { CommandTimeoutError, runCommand } from './run-command';

test('passes arguments without a shell and collects output and exit code', async () => {
  const result = await runCommand('sh', ['-c', 'echo "$1"; echo oops >&2; exit 3', 'sh', '$(rm -rf /) ; `x`']);
  expect(result).toEqual({ code: 3, stdout: '$(rm -rf /) ; `x`\n', stderr: 'oops\n' });
});

test('kills the child at its time limit', async () => {
  // An unusual duration marks our child, so the check below cannot see someone else's sleep.
  await expect(runCommand('sleep', ['987.654'], { timeoutMs: 200 })).rejects.toBeInstanceOf(CommandTimeoutError);
  const left = await runCommand('pgrep', ['-f', 'sleep 987.654']);
  expect(left.stdout).toBe('');
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
