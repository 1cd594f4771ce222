import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorReply, OpenAICompatibleServer } from '../../../test/openai-compatible-server';
import { EngineError } from '../engine-error';
import { DiarizationUnavailableError } from './diarizer';
import { SpeechServiceDiarizer } from './speech-service-diarizer';

/*
 * The client's side of POST /v1/audio/diarizations against an HTTP server that answers as told:
 * the replies the speech service gives (docs/speech-contract.md) and the ones it should not.
 */

let dir: string;
let audio: string;
let server: OpenAICompatibleServer;
const PATH = 'audio/diarizations';

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'diarizer-'));
  audio = path.join(dir, 'table.flac');
  await fs.writeFile(audio, Buffer.from('fLaC not really audio: the server only records it'));
  server = await OpenAICompatibleServer.start();
});
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const diarizer = () => new SpeechServiceDiarizer({ baseURL: server.baseURL, apiKey: server.apiKey });
const embedding = (x: number) => Array.from({ length: 256 }, (_, i) => (i === 0 ? x : 0));

test('sends the file and the number of voices, and reads segments and voice prints in milliseconds', async () => {
  server.on(PATH, () => ({
    json: {
      duration: 9.5,
      segments: [
        { start: 0.52, end: 4.87, speaker: 'SPEAKER_1' },
        { start: 5.1, end: 9.4, speaker: 'SPEAKER_2' },
      ],
      speakers: [
        { id: 'SPEAKER_1', embedding: embedding(1) },
        { id: 'SPEAKER_2', embedding: embedding(-1) },
      ],
      windows: [
        { start: 0.52, end: 2.12, embedding: embedding(0.9) },
        { start: 5.1, end: 6.7, embedding: embedding(-0.9) },
      ],
    },
  }));
  const found = await diarizer().diarize(audio, { speakers: 2 });
  expect(found.durationMs).toBe(9500);
  expect(found.segments).toEqual([
    { startMs: 520, endMs: 4870, voice: 'SPEAKER_1' },
    { startMs: 5100, endMs: 9400, voice: 'SPEAKER_2' },
  ]);
  expect(found.voices.map((v) => [v.voice, v.embedding.length, v.embedding[0]])).toEqual([
    ['SPEAKER_1', 256, 1],
    ['SPEAKER_2', 256, -1],
  ]);
  expect(found.windows?.map((w) => [w.startMs, w.endMs, w.embedding[0]])).toEqual([
    [520, 2120, 0.9],
    [5100, 6700, -0.9],
  ]);
  const [request] = server.requestsTo(PATH);
  expect(request.fields).toEqual({ num_speakers: '2' });
  expect(request.file?.name).toBe('table.flac');
  expect(request.authorization).toBe(`Bearer ${server.apiKey}`);
});

test('a service without the endpoint says diarization is unavailable', async () => {
  await expect(diarizer().diarize(audio)).rejects.toBeInstanceOf(DiarizationUnavailableError);
});

test('refusals end the step, outages are retried, and an unreadable reply is refused', async () => {
  server.script(PATH, errorReply(400, 'The file is not audio'), errorReply(503, 'loading'), {
    json: { duration: 'x' },
  });
  const refused = await diarizer()
    .diarize(audio)
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(EngineError);
  expect(refused).toMatchObject({
    retryable: false,
    message: expect.stringMatching(/HTTP 400: The file is not audio/),
  });
  await expect(diarizer().diarize(audio)).rejects.toMatchObject({ retryable: true });
  await expect(diarizer().diarize(audio)).rejects.toMatchObject({
    retryable: false,
    message: expect.stringMatching(/cannot read/),
  });
});

test('an unreachable service is retried', async () => {
  const gone = new SpeechServiceDiarizer({ baseURL: 'http://127.0.0.1:9/v1' });
  await expect(gone.diarize(audio)).rejects.toMatchObject({ retryable: true, message: /could not be reached/ });
});
