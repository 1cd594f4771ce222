import fs from 'node:fs';
import vm from 'node:vm';

/*
 * jest's "A worker process has failed to exit gracefully" names no file. With QUESTLOG_HANDLES_LOG
 * set (scripts/test.sh sets it), every test file writes down the handles its worker holds as it
 * starts, so a file after which its worker holds more left something open (or still closing), and
 * the run's summary (scripts/test-summary.mjs) names it. One cheap call per file, no waiting.
 *
 * A worker's last file has no next file to show what it left: when jest tells the worker to end
 * (jest-worker's CHILD_MESSAGE_END, 2), the worker writes its handles once more, a moment later,
 * by which time jest's own listener is gone and only what keeps the worker alive is left. That
 * message comes to the worker's real `process`: a test file sees a copy of it, which gets none.
 */
const logFile = process.env.QUESTLOG_HANDLES_LOG;
const CHILD_MESSAGE_END = 2;
/** The worker's own process object (the main context's), which every test file of the worker shares. */
const worker = vm.runInThisContext('process') as NodeJS.Process & { questlogEndHook?: boolean };

function writeHandles(file: string): void {
  const handles = process.getActiveResourcesInfo().sort().join(',');
  fs.appendFileSync(logFile!, `${process.pid}\t${file}\t${handles}\n`);
}

if (logFile) {
  beforeAll(() => writeHandles(expect.getState().testPath ?? ''));
  // jest-worker's own 'message' listener is there in a worker; not when jest runs in band.
  if (worker.listenerCount('message') > 0 && !worker.questlogEndHook) {
    worker.questlogEndHook = true;
    const onMessage = (message: unknown) => {
      if (!Array.isArray(message) || message[0] !== CHILD_MESSAGE_END) return;
      // Off again, so this listener is not what holds the IPC channel open.
      worker.off('message', onMessage);
      setTimeout(() => writeHandles('(the worker, as the run ended)'), 200).unref();
    };
    worker.on('message', onMessage);
  }
}
