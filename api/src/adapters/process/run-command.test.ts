import os from 'node:os';
import { CommandTimeoutError, DEFAULT_BACKGROUND_NICENESS, runCommand, setBackgroundNiceness } from './run-command';

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

test('background commands start below the api in priority, others at its own', async () => {
  const niceness = async (background: boolean) => {
    // Field 19 of /proc/self/stat is the niceness of the process that reads it: the command itself.
    const { stdout } = await runCommand('cat', ['/proc/self/stat'], { background });
    return Number(stdout.slice(stdout.lastIndexOf(')') + 2).split(' ')[16]);
  };
  const own = os.getPriority();
  expect(await niceness(false)).toBe(own);
  expect(await niceness(true)).toBe(Math.min(19, own + DEFAULT_BACKGROUND_NICENESS));
  // BACKGROUND_NICENESS as configured: 3 lower, or (0) at the api's own priority.
  try {
    setBackgroundNiceness(3);
    expect(await niceness(true)).toBe(Math.min(19, own + 3));
    setBackgroundNiceness(0);
    expect(await niceness(true)).toBe(own);
  } finally {
    setBackgroundNiceness(DEFAULT_BACKGROUND_NICENESS);
  }
});
