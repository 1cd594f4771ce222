import fs from 'node:fs';

/*
 * jest's "A worker process has failed to exit gracefully" names no file. With QUESTLOG_HANDLES_LOG
 * set (scripts/test.sh sets it), every test file writes down the handles its worker holds as it
 * starts, so a file after which its worker holds more left something open (or still closing), and
 * the run's summary (scripts/test-summary.mjs) names it. One cheap call per file, no waiting.
 */
const logFile = process.env.QUESTLOG_HANDLES_LOG;
if (logFile) {
  beforeAll(() => {
    const handles = process.getActiveResourcesInfo().sort().join(',');
    fs.appendFileSync(logFile, `${process.pid}\t${expect.getState().testPath}\t${handles}\n`);
  });
}
