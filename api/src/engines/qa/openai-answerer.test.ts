import {
  chatReply,
  errorReply,
  OpenAICompatibleServer,
  type RecordedRequest,
} from '../../../test/openai-compatible-server';
import { createAnswerer } from '../engines';
import type { Passage } from './answerer';
import { OpenAIAnswerer } from './openai-answerer';
import { QuotingAnswerer } from './quoting-answerer';

const PATH = 'chat/completions';
const server = OpenAICompatibleServer.forThisFile();

const passages: Passage[] = [
  {
    sessionId: 's1',
    sessionTitle: 'Session 1: Goblin Arrows',
    startMs: 20_000,
    endMs: 59_500,
    text: 'The goblins captured Gundren.',
  },
  {
    sessionId: 's2',
    sessionTitle: 'Session 2: Phandalin',
    startMs: 3_725_000,
    endMs: 3_760_000,
    text: 'Gundren owes the Rockseekers gold.',
  },
  {
    sessionId: 's2',
    sessionTitle: 'Session 2: Phandalin',
    startMs: 4_000_000,
    endMs: 4_020_000,
    text: 'The map shows Wave Echo Cave.',
  },
];
const request = { question: 'What happened to Gundren?', passages, scope: 'campaign' as const };

function answerer(maxRetries = 2) {
  return new OpenAIAnswerer({ baseURL: server.baseURL, apiKey: server.apiKey, model: 'qa-model', maxRetries });
}
const reply = (body: unknown) => chatReply(JSON.stringify(body));
const userMessage = (r: RecordedRequest) => r.json.messages[1].content as string;

test('sends only the numbered passages, with titles and timestamps, and maps the cited numbers back', async () => {
  server.on(PATH, () => reply({ answer: 'Goblins took Gundren [1].', found: true, citations: [1, 3] }));
  const answer = await answerer().answer(request);
  expect(answer).toEqual({ text: 'Goblins took Gundren [1].', found: true, citations: [passages[0], passages[2]] });
  const [sent] = server.requestsTo(PATH);
  expect(sent.json.model).toBe('qa-model');
  expect(sent.json.messages[0].content).toMatch(/Use ONLY the numbered passages/);
  expect(userMessage(sent)).toBe(
    'Question: What happened to Gundren?\n\nPassages:\n' +
      '[1] Session 1: Goblin Arrows, 0:00:20\nThe goblins captured Gundren.\n\n' +
      '[2] Session 2: Phandalin, 1:02:05\nGundren owes the Rockseekers gold.\n\n' +
      '[3] Session 2: Phandalin, 1:06:40\nThe map shows Wave Echo Cave.',
  );
});

test('drops citations that point at no retrieved passage, and duplicates', async () => {
  server.on(PATH, () => reply({ answer: 'Gundren owes gold.', found: true, citations: [2, 7, 0, 2, 1.5, -1] }));
  expect((await answerer().answer(request)).citations).toEqual([passages[1]]);
});

test('an answer left with no real citation is replaced by the quoted passages', async () => {
  server.on(PATH, () => reply({ answer: 'Gundren went to Neverwinter.', found: true, citations: [9] }));
  const offline = await new QuotingAnswerer().answer(request);
  expect(await answerer().answer(request)).toEqual(offline);
  expect(offline.citations).toEqual(passages);
});

test('the model saying the passages do not answer gives the plain not-found answer', async () => {
  server.on(PATH, () => reply({ answer: 'Gundren is a dwarf.', found: false, citations: [1] }));
  expect(await answerer().answer(request)).toEqual({
    text: "Nothing relevant to that question was found in this campaign's sessions.",
    found: false,
    citations: [],
  });
});

test('nothing retrieved: the model is not asked', async () => {
  const answer = await answerer().answer({ ...request, passages: [], scope: 'session' });
  expect(answer).toMatchObject({ found: false, citations: [] });
  expect(server.requests).toHaveLength(0);
});

test('a malformed reply gets one second chance, then the quoted passages answer', async () => {
  server.on(PATH, () => chatReply('{"answer": "Goblins'));
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const answer = await answerer().answer(request);
  expect(log).toHaveBeenCalledWith(expect.stringMatching(/malformed reply twice.*answering with the quoted passages/));
  log.mockRestore();
  expect(server.requestsTo(PATH)).toHaveLength(2);
  expect(server.requestsTo(PATH)[1].json.messages[3].content).toMatch(/not valid JSON/);
  expect(answer).toEqual(await new QuotingAnswerer().answer(request));
});

test('a 429 is retried by the client and the answer comes through', async () => {
  server.script(PATH, errorReply(429, 'Rate limit reached', { 'retry-after-ms': '10' }));
  server.on(PATH, () => reply({ answer: 'Goblins took him.', found: true, citations: [1] }));
  expect(await answerer().answer(request)).toMatchObject({ text: 'Goblins took him.', citations: [passages[0]] });
  expect(server.requestsTo(PATH)).toHaveLength(2);
});

test('a service that stays down costs the prose, not the answer', async () => {
  server.on(PATH, () => errorReply(503, 'Service overloaded'));
  const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(await answerer(1).answer(request)).toEqual(await new QuotingAnswerer().answer(request));
  expect(log).toHaveBeenCalledWith(expect.stringMatching(/answered HTTP 503/));
  log.mockRestore();
  expect(server.requestsTo(PATH)).toHaveLength(2);
});

test('QA_ENGINE picks the engine, and openai needs the service settings', () => {
  const base = {
    SPEECH_TO_TEXT_ENGINE: 'openai',
    TABLE_TALK_ENGINE: 'lexical',
    SUMMARY_ENGINE: 'extractive',
    OPENAI_TRANSCRIPTION_MODEL: 'whisper-1',
    OPENAI_CHAT_MODEL: 'qa-model',
  } as const;
  expect(createAnswerer(base)).toBeInstanceOf(QuotingAnswerer);
  expect(createAnswerer({ ...base, QA_ENGINE: 'retrieval' })).toBeInstanceOf(QuotingAnswerer);
  const online = { ...base, QA_ENGINE: 'openai', OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: 'k' } as const;
  expect(createAnswerer(online)).toBeInstanceOf(OpenAIAnswerer);
  expect(() => createAnswerer({ ...online, OPENAI_API_KEY: undefined })).toThrow(
    /OPENAI_API_KEY is required when QA_ENGINE=openai/,
  );
});
