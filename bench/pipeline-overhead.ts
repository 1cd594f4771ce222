/*
 * Pipeline overhead: wall time from "upload done" (POST /upload/ answered) to READY, divided by
 * the speech engine's own time on the same recording run directly, both measured in this run.
 * The api runs as its own process with the worker inside (the embedded default: PostgreSQL,
 * Temporal, the speech service, offline text engines). The engine alone is the same speech service
 * started on its own as it is set for one request at a time (one worker with every core), timed on
 * the whole recording. Also: the pipeline's transcribe stage (its lanes: TRANSCRIBE_CONCURRENCY
 * chunks in flight, the service's windows decoded side by side on SPEECH_WORKERS replicas) against
 * that same engine doing the pipeline's chunks one at a time. Run by `npm run bench`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gameNight, makeSessionRecording } from '../api/test/audio-fixtures';
import { freePort } from '../api/test/free-port';
import { loadConfig, speechThreads, type Config } from '../api/src/config/config';
import { OpenAISpeechToText } from '../api/src/engines/speech-to-text/openai-speech-to-text';
import { startSpeechService } from '../api/src/runtime/speech-service';
import { prepareAudio } from '../api/src/engines/audio/prepare-audio';
import { startBenchApi, upload, waitUntilDone } from './lib/bench-api';
import { workflowTimeline } from './lib/workflow-timeline';
import { runBench } from './lib/run-bench';

const run = promisify(execFile);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-bench-pipeline-'));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
  // The game night twice over: about a minute of a game master and players, pizza and rules talk included.
  const recording = await makeSessionRecording(dir, [...gameNight, ...gameNight], { name: 'game-night.wav' });
  const seconds = recording.durationMs / 1000;
  const config = loadConfig({});

  // The engine alone, on the same recording converted to what it reads (16 kHz mono PCM), and on
  // the chunks the pipeline cuts from it (same bound and lanes), one after another.
  const pcm = path.join(dir, 'game-night-16k.wav');
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', recording.path, '-ac', '1', '-ar', '16000', pcm]);
  const chunks = await prepareAudio(recording.path, path.join(dir, 'chunks'), {
    maxChunkMs: config.PROCESSING_MAX_CHUNK_SECONDS * 1000,
  });
  // One request at a time: one worker with every core (what SPEECH_WORKERS=1 defaults to).
  const single = { workers: 1, threads: speechThreads({ ...config, SPEECH_WORKERS: 1 }) };
  const lanes = { workers: config.SPEECH_WORKERS, threads: speechThreads(config) };
  const alone = () =>
    engineAlone(
      config,
      single,
      pcm,
      chunks.map((c) => c.path),
    );
  const before = await alone();

  const { api, client, campaignId, temporalAddress, stop } = await startBenchApi(dir, { runWorker: true });
  try {
    const sessionId = await upload(client, campaignId, recording.path);
    const uploadedAt = performance.now();
    const { status, stage } = await waitUntilDone(client, sessionId);
    const pipelineMs = performance.now() - uploadedAt;
    if (status !== 'READY') throw new Error(`session ended ${status} at ${stage}:\n${api.output()}`);
    const timeline = await workflowTimeline(temporalAddress, [`session-${sessionId}`], 0);
    const transcribed = timeline.filter((e) => e.name === 'transcribeChunk');
    const transcribeMs =
      Math.max(...transcribed.map((e) => e.closedAt)) - Math.min(...transcribed.map((e) => e.startedAt));
    // Timed again afterwards: on a shared machine the load moves, and the mean of both is fairer.
    const after = await alone();
    const withLanes = await engineAlone(config, lanes, pcm, []);
    const engineMs = (before.wholeMs + after.wholeMs) / 2;
    const sequentialMs = (before.sequentialMs + after.sequentialMs) / 2;

    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(`recording:                          ${seconds.toFixed(1)} s of speech (espeak-ng, 4 voices)`);
    console.log(
      `speech engine alone (Whisper):      ${s(engineMs)} (mean of ${s(before.wholeMs)} before and ${s(after.wholeMs)} after; ${single.workers} worker x ${single.threads} threads)`,
    );
    console.log(
      `  with the pipeline's settings:     ${s(withLanes.wholeMs)} (${lanes.workers} workers x ${lanes.threads} threads)`,
    );
    console.log(`upload done -> READY (pipeline):    ${s(pipelineMs)}`);
    console.log(`pipeline overhead ratio:            ${(pipelineMs / engineMs).toFixed(2)}x the engine's own time`);
    console.log(
      `chunks: ${transcribed.length} in the pipeline (${config.TRANSCRIBE_CONCURRENCY} lanes), ${chunks.length} cut here`,
    );
    console.log(
      `  cut here (audio start..own start, ms): ${chunks.map((c) => `${c.startMs}..${c.ownStartMs}`).join(', ')}`,
    );
    console.log(`  one after another, engine alone:  ${s(sequentialMs)}`);
    console.log(`  transcribe stage of the pipeline: ${s(transcribeMs)}`);
    console.log(`cores: ${os.cpus().length}, load average at the end: ${os.loadavg()[0].toFixed(1)}`);
    const ratio = pipelineMs / engineMs;
    const sequential = sequentialMs / transcribeMs;
    // Issue 14's goals: WhisperX's VAD and alignment add about 8 % to the engine's time; two lanes
    // keep the engine busy enough to do the chunks at least 1.6x as fast as one at a time.
    console.log(`RESULT name=pipeline_overhead_ratio value=${ratio.toFixed(2)} goal<=1.10 ok=${ratio <= 1.1}`);
    console.log(
      `RESULT name=sequential_over_pipeline value=${sequential.toFixed(2)} goal>=1.6 ok=${sequential >= 1.6}`,
    );
  } finally {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The default speech service on its own (same model as `npm start`) with `settings`, the model load
 * left out: one request for the whole recording, then the chunks one at a time.
 */
async function engineAlone(
  config: Config,
  settings: { workers: number; threads: number },
  whole: string,
  chunks: string[],
): Promise<{ wholeMs: number; sequentialMs: number }> {
  const service = await startSpeechService({
    python: config.SPEECH_PYTHON,
    port: await freePort(),
    model: config.SPEECH_MODEL,
    device: config.SPEECH_DEVICE,
    computeType: config.SPEECH_COMPUTE_TYPE,
    niceness: config.BACKGROUND_NICENESS,
    ...settings,
  });
  try {
    const engine = new OpenAISpeechToText({ baseURL: service.url, apiKey: 'none', model: 'whisper' });
    const wholeMs = await timed(() => engine.transcribe(whole, { language: 'en' }));
    let sequentialMs = 0;
    for (const chunk of chunks) sequentialMs += await timed(() => engine.transcribe(chunk, { language: 'en' }));
    return { wholeMs, sequentialMs };
  } finally {
    await service.stop();
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

runBench(main);
