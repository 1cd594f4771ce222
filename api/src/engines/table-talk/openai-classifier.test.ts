import {
  chatReply,
  errorReply,
  OpenAICompatibleServer,
  type RecordedRequest,
} from '../../../test/openai-compatible-server';
import { EngineError } from '../engine-error';
import { OpenAITableTalkClassifier } from './openai-classifier';

const PATH = 'chat/completions';
const server = OpenAICompatibleServer.forThisFile();

/** Stands in for the model: reads the numbered lines it was sent and calls food talk table talk. */
function labelFoodAsTableTalk(request: RecordedRequest) {
  const user = request.json.messages.find((m: any) => m.role === 'user').content as string;
  const labels = user
    .split('\n')
    .map((line, i) => ({ line: i + 1, table_talk: /pizza|snack/i.test(line) ? 0.9 : 0.1 }));
  return chatReply(JSON.stringify({ labels }));
}

function classifier(options: { apiKey?: string; batchSize?: number } = {}) {
  return new OpenAITableTalkClassifier({
    baseURL: server.baseURL,
    apiKey: options.apiKey ?? server.apiKey,
    model: 'gpt-test',
    batchSize: options.batchSize,
    maxRetries: 2,
  });
}

const lines = [
  'The dragon breathes fire across the bridge.',
  'Who wants pizza?',
  'I draw my sword.',
  'Grab the snacks from the kitchen.',
  'Roll for initiative.',
];

test('classifies in batches and keeps the order of the lines', async () => {
  server.on(PATH, labelFoodAsTableTalk);
  const labels = await classifier({ batchSize: 2 }).classify(lines);
  expect(labels.map((l) => l.tableTalk)).toEqual([false, true, false, true, false]);
  expect(labels[1].score).toBe(0.9);
  expect(labels.map((l) => l.reason)).toEqual([undefined, 'food', undefined, 'food', undefined]);

  const requests = server.requestsTo(PATH);
  expect(requests).toHaveLength(3);
  expect(requests[0].json).toMatchObject({
    model: 'gpt-test',
    temperature: 0,
    response_format: { type: 'json_object' },
  });
  expect(requests[0].json.messages[0].role).toBe('system');
  expect(requests[2].json.messages[1].content).toBe('1. Roll for initiative.');
});

test('a malformed reply gets one retry, told what was wrong', async () => {
  server.script(PATH, chatReply('Sure! Here are the labels: line 1 is in game.'));
  server.on(PATH, labelFoodAsTableTalk);
  const labels = await classifier().classify(lines.slice(0, 2));
  expect(labels.map((l) => l.tableTalk)).toEqual([false, true]);
  const [, retry] = server.requestsTo(PATH);
  expect(retry.json.messages.map((m: any) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  expect(retry.json.messages[3].content).toMatch(/not valid JSON/);
});

test('a reply with the wrong number of labels twice fails clearly and is not retryable', async () => {
  server.on(PATH, () => chatReply(JSON.stringify({ labels: [{ line: 1, table_talk: 0.2 }] })));
  const error = await classifier()
    .classify(lines.slice(0, 3))
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).message).toMatch(/malformed reply twice: .*expected 3 labels/);
  expect((error as EngineError).retryable).toBe(false);
  expect(server.requestsTo(PATH)).toHaveLength(2);
});

test('waits out a 429 and surfaces a wrong key as a clear error', async () => {
  server.script(PATH, errorReply(429, 'Slow down', { 'retry-after-ms': '20' }));
  server.on(PATH, labelFoodAsTableTalk);
  expect(await classifier().classify(['Who wants pizza?'])).toEqual([{ tableTalk: true, score: 0.9, reason: 'food' }]);
  expect(server.requestsTo(PATH)).toHaveLength(2);

  await expect(classifier({ apiKey: 'sk-nope' }).classify(['Who wants pizza?'])).rejects.toThrow(/refused the API key/);
});

test('sends nothing for no lines', async () => {
  expect(await classifier().classify([])).toEqual([]);
  expect(server.requests).toHaveLength(0);
});

test('says who spoke each line where the recording knows, across batches', async () => {
  server.on(PATH, labelFoodAsTableTalk);
  await classifier({ batchSize: 3 }).classify(lines, { speakers: ['gm', 'player', null, 'player', 'gm'] });
  const [first, second] = server.requestsTo(PATH).map((r) => r.json.messages[1].content);
  expect(first).toBe(
    '1. GM: The dragon breathes fire across the bridge.\n2. Player: Who wants pizza?\n3. I draw my sword.',
  );
  expect(second).toBe('1. Player: Grab the snacks from the kitchen.\n2. GM: Roll for initiative.');
});
