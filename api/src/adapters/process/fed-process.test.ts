import { feedProcess } from './fed-process';

afterEach(() => jest.useRealTimers());

test("a process whose input is ended twice leaves no timer behind once it exits (a worker's exit waits on none)", async () => {
  // Fake timers count what the module sets; the process and its pipes are real.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  const cat = feedProcess('cat', []);
  cat.write(Buffer.from('bytes'));
  // As a damaged decode's check does: ffprobe's input is ended, then ended again by the upload's end.
  cat.end(60_000);
  cat.end(60_000);
  expect((await cat.exited).stdout).toBe('bytes');
  expect(jest.getTimerCount()).toBe(0);
});
