import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording } from '../../../test/audio-fixtures';
import { errorReply, OpenAICompatibleServer } from '../../../test/openai-compatible-server';
import { prepareAudio, type AudioChunk } from '../audio/prepare-audio';
import { EngineError } from '../engine-error';
import { OpenAISpeechToText, type OpenAISpeechToTextOptions } from './openai-speech-to-text';

let dir: string;
let chunk: AudioChunk;
let server: OpenAICompatibleServer;
const PATH = 'audio/transcriptions';

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stt-'));
  const recording = await makeSessionRecording(dir, gameNight.slice(0, 2));
  [chunk] = await prepareAudio(recording.path, path.join(dir, 'chunks'));
  server = await OpenAICompatibleServer.start();
});
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function engine(options: Partial<OpenAISpeechToTextOptions> = {}) {
  return new OpenAISpeechToText({ baseURL: server.baseURL, apiKey: server.apiKey, model: 'whisper-1', ...options });
}

const verboseReply = {
  json: {
    task: 'transcribe',
    language: 'english',
    duration: 7.1,
    text: ' The dragon lands on the castle wall. I draw my sword.',
    segments: [
      { id: 0, start: 0.1, end: 4.2, text: ' The dragon lands on the castle wall.' },
      { id: 1, start: 5.1, end: 7.0, text: ' I draw my sword.' },
    ],
    words: [
      { word: 'The', start: 0.1, end: 0.3 },
      // The embedded service adds how sure it was; OpenAI does not.
      { word: 'dragon', start: 0.3, end: 0.8, probability: 0.42 },
    ],
  },
};

test('sends the real chunk, model and campaign vocabulary, and maps verbose_json timings', async () => {
  server.on(PATH, () => verboseReply);
  const transcript = await engine().transcribe(chunk.path, { prompt: 'Thordak, Emon, Vex' });

  const [request] = server.requestsTo(PATH);
  const original = await fs.readFile(chunk.path);
  expect(request.file!.size).toBe(original.length);
  expect(request.file!.bytes.equals(original)).toBe(true);
  expect(request.file!.name).toBe('chunk-000.wav');
  expect(request.fields).toMatchObject({
    model: 'whisper-1',
    prompt: 'Thordak, Emon, Vex',
    response_format: 'verbose_json',
    'timestamp_granularities[]': 'word,segment',
  });
  expect(transcript.text).toBe('The dragon lands on the castle wall. I draw my sword.');
  expect(transcript.segments).toEqual([
    { startMs: 100, endMs: 4200, text: 'The dragon lands on the castle wall.' },
    { startMs: 5100, endMs: 7000, text: 'I draw my sword.' },
  ]);
  expect(transcript.words[0]).toEqual({ word: 'The', startMs: 100, endMs: 300 });
  expect(transcript.words[1]).toEqual({ word: 'dragon', startMs: 300, endMs: 800, probability: 0.42 });
});

test('rides out a 429 with retry-after through the client’s own retry', async () => {
  server.script(PATH, errorReply(429, 'Rate limit reached', { 'retry-after': '0.05' }));
  server.on(PATH, () => verboseReply);
  const transcript = await engine({ maxRetries: 2 }).transcribe(chunk.path);
  expect(transcript.segments).toHaveLength(2);
  const requests = server.requestsTo(PATH);
  expect(requests).toHaveLength(2);
  expect(requests[1].file!.size).toBe(chunk.sizeBytes);
});

test('a permanent 500 ends in a clear, retryable EngineError after the retries', async () => {
  server.on(PATH, () => errorReply(500, 'The server had an error'));
  const error = await engine({ maxRetries: 1 })
    .transcribe(chunk.path)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).message).toMatch(/speech-to-text service answered HTTP 500/);
  expect((error as EngineError).retryable).toBe(true);
  expect(server.requestsTo(PATH)).toHaveLength(2);
});

test('a wrong key is refused (401) and not retried', async () => {
  server.on(PATH, () => verboseReply);
  const error = await engine({ apiKey: 'sk-wrong' })
    .transcribe(chunk.path)
    .catch((e: unknown) => e);
  expect((error as EngineError).message).toMatch(/refused the API key/);
  expect((error as EngineError).retryable).toBe(false);
  expect(server.requestsTo(PATH)).toHaveLength(1);
});

test('falls back to json when the model cannot do verbose_json, and keeps using it', async () => {
  server.on(PATH, (r) =>
    r.fields!.response_format === 'verbose_json'
      ? errorReply(400, "response_format 'verbose_json' is not compatible with this model")
      : { json: { text: 'I draw my sword.' } },
  );
  const stt = engine({ model: 'gpt-4o-transcribe' });
  const first = await stt.transcribe(chunk.path);
  expect(first.segments).toEqual([{ startMs: 0, endMs: chunk.durationMs, text: 'I draw my sword.' }]);
  expect(first.words).toEqual([]);
  await stt.transcribe(chunk.path);
  expect(server.requestsTo(PATH).map((r) => r.fields!.response_format)).toEqual(['verbose_json', 'json', 'json']);
});

test('reads a plain-text reply', async () => {
  server.on(PATH, () => ({ text: 'Roll for initiative.\n' }));
  const transcript = await engine({ responseFormat: 'text' }).transcribe(chunk.path);
  expect(transcript.text).toBe('Roll for initiative.');
});

test('refuses a chunk of 25 MB or more before sending it', async () => {
  const big = path.join(dir, 'big.wav');
  await fs.writeFile(big, Buffer.alloc(25_000_000));
  await expect(engine().transcribe(big)).rejects.toThrow(/less than 25 MB/);
  expect(server.requests).toHaveLength(0);
});

test("keeps the speaker a diarizing engine gives each segment (single-track speakers' seam)", async () => {
  server.on(PATH, () => ({
    json: {
      text: 'You enter. I follow.',
      segments: [
        { id: 0, start: 0, end: 1.5, text: ' You enter.', speaker: 'A' },
        { id: 1, start: 1.6, end: 3, text: ' I follow.', speaker: 'B' },
        { id: 2, start: 3.1, end: 4, text: ' Hm.' },
      ],
    },
  }));
  const transcript = await engine().transcribe(chunk.path, {});
  expect(transcript.segments).toEqual([
    { startMs: 0, endMs: 1500, text: 'You enter.', speaker: 'A' },
    { startMs: 1600, endMs: 3000, text: 'I follow.', speaker: 'B' },
    { startMs: 3100, endMs: 4000, text: 'Hm.' },
  ]);
});
