/*
 * Upload throughput: a 1 GB WAV through POST /upload/ of the real api (its own process, embedded
 * PostgreSQL + Temporal, worker off so nothing but the upload runs) against copying the same file
 * on the same disk, measured in one run; plus how much the api's resident memory grows meanwhile.
 * Run by `npm run bench` (scripts/bench.sh), not by the tests.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { HttpClient } from '../api/test/http-client';
import { startBenchApi } from './lib/bench-api';
import { probeAudio } from '../api/src/engines/audio/probe-audio';
import { runBench } from './lib/run-bench';

const run = promisify(execFile);
const MAX_BYTES = 1073741823;
// 48 kHz stereo 16-bit PCM: 192,000 bytes a second; the longest whole second that stays under the limit.
const BYTES_PER_SECOND = 192_000;
const SECONDS = Math.floor((MAX_BYTES - 64 * 1024) / BYTES_PER_SECOND);
const MiB = 1024 * 1024;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-upload-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  const source = path.join(dir, 'game-night.wav');
  console.log(`generating ${SECONDS} s of 48 kHz stereo WAV (ffmpeg sine) ...`);
  await run(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'].concat([
      '-ac',
      '2',
      '-t',
      String(SECONDS),
      '-c:a',
      'pcm_s16le',
      source,
    ]),
  );
  const size = fs.statSync(source).size;

  const copyMs = await timed(() =>
    pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(dir, 'copy.wav'))),
  );
  fs.rmSync(path.join(dir, 'copy.wav'));
  const copyFileMs = await timed(() => fs.promises.copyFile(source, path.join(dir, 'copy.wav')));
  fs.rmSync(path.join(dir, 'copy.wav'));
  // The upload includes the content check (ffprobe + a full decode pass); timed alone for reference.
  const probeMs = await timed(() => probeAudio(source));

  // The floor for any upload: the same multipart body sent the same way to a bare node:http server
  // (its own process, as the api is) that writes the request body to a file, parsing nothing.
  const bareMs = await bareHttpUploadMs(dir, source, size);

  const { api, client, campaignId, stop } = await startBenchApi(dir, { runWorker: false });
  try {
    const memory = sampleRss(api.child.pid!);
    const baseline = memory.current();
    let status = 0;
    const uploadMs = await timed(async () => {
      status = await upload(client, campaignId, source, size);
    });
    const peak = memory.stop();
    if (status !== 200) throw new Error(`upload answered ${status}`);

    const rate = (ms: number) => `${(size / MiB / (ms / 1000)).toFixed(1)} MiB/s`;
    console.log(`file:                         ${(size / MiB).toFixed(1)} MiB (${size} bytes)`);
    console.log(
      `upload via POST /upload/:     ${(uploadMs / 1000).toFixed(2)} s, ${rate(uploadMs)} (incl. ffprobe + decode check)`,
    );
    console.log(
      `  of which content check ~     ${(probeMs / 1000).toFixed(2)} s (probeAudio on the same file, run alone)`,
    );
    console.log(`stream copy on the same disk: ${(copyMs / 1000).toFixed(2)} s, ${rate(copyMs)}`);
    console.log(
      `bare node:http body -> file:  ${(bareMs / 1000).toFixed(2)} s, ${rate(bareMs)} (the floor over loopback)`,
    );
    console.log(`ratio upload / bare http:     ${(uploadMs / bareMs).toFixed(2)}x the time`);
    console.log(`fs.copyFile on the same disk: ${(copyFileMs / 1000).toFixed(2)} s, ${rate(copyFileMs)}`);
    console.log(`ratio upload / stream copy:   ${(uploadMs / copyMs).toFixed(2)}x the time`);
    console.log(`ratio upload / copyFile:      ${(uploadMs / copyFileMs).toFixed(2)}x the time`);
    console.log(`api RSS: ${mb(baseline)} before, ${mb(peak)} peak during the upload, growth ${mb(peak - baseline)}`);
    // Issue 14's goals: busboy parses about 1 GB/s on loopback; the disk bounds a copy.
    const overCopy = uploadMs / copyMs;
    const overCopyFile = uploadMs / copyFileMs;
    const growthMb = (peak - baseline) / MiB;
    console.log(`RESULT name=upload_over_stream_copy value=${overCopy.toFixed(2)} goal<=1.3 ok=${overCopy <= 1.3}`);
    console.log(`RESULT name=upload_over_copyfile value=${overCopyFile.toFixed(2)} goal<=3 ok=${overCopyFile <= 3}`);
    console.log(`RESULT name=upload_rss_growth_mb value=${growthMb.toFixed(0)} goal<=64 ok=${growthMb <= 64}`);
  } finally {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const BARE_SERVER = `
const http = require('node:http'), fs = require('node:fs'), { pipeline } = require('node:stream/promises');
const server = http.createServer((req, res) => {
  pipeline(req, fs.createWriteStream(process.argv[1])).then(() => res.end('ok'), () => res.writeHead(500).end());
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

/** Uploads the file to a bare node:http server in a child process; returns the time taken. */
async function bareHttpUploadMs(dir: string, file: string, size: number): Promise<number> {
  const target = path.join(dir, 'bare-upload.bin');
  const child = spawn(process.execPath, ['-e', BARE_SERVER, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const baseUrl = `http://127.0.0.1:${line.toString().trim()}`;
    return await timed(() => sendMultipart(`${baseUrl}/`, {}, file, size));
  } finally {
    child.kill();
    fs.rmSync(target, { force: true });
  }
}

/** Streams the file as a multipart body with a known Content-Length, as a browser does. */
async function upload(client: HttpClient, campaignId: string, file: string, size: number): Promise<number> {
  const csrf = await client.csrfToken();
  return sendMultipart(`${client.baseUrl}/upload/`, { campaign_id: campaignId }, file, size, {
    'x-csrftoken': csrf,
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  });
}

async function sendMultipart(
  url: string,
  fields: Record<string, string>,
  file: string,
  size: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const boundary = `----questlogbench${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: audio/wav\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
      ...headers,
    },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)));
    request.on('error', reject);
  });
  request.write(head);
  await pipeline(fs.createReadStream(file), request, { end: false });
  request.end(tail);
  return answered;
}

/** Samples the process's resident set from /proc every 50 ms until stopped; returns the peak. */
function sampleRss(pid: number) {
  const read = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 50);
  return {
    current: read,
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

const mb = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

runBench(main);
