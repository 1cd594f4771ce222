import {
  chatReply,
  errorReply,
  OpenAICompatibleServer,
  type RecordedRequest,
} from '../../../test/openai-compatible-server';
import { EngineError } from '../engine-error';
import { OpenAISummarizer } from './openai-summarizer';
import { sessionLines } from '../../../test/session-transcript';
import type { SummaryInput } from './summarizer';

const PATH = 'chat/completions';
const server = OpenAICompatibleServer.forThisFile();
const filtered: SummaryInput[] = sessionLines
  .map((line, i) => ({ ...line, startMs: i * 65_000 }))
  .filter((line) => !line.tableTalk)
  .map(({ text, startMs }, i) => ({ id: `line-${i}`, text, startMs }));

const system = (r: RecordedRequest) => r.json.messages[0].content as string;
const user = (r: RecordedRequest) => r.json.messages[1].content as string;
const isScene = (r: RecordedRequest) => system(r).startsWith('You retell one scene');

/** The numbered lines of a scene request: [n] hh:mm:ss (Speaker: )text. */
const numbered = (r: RecordedRequest) =>
  user(r)
    .split('\n')
    .filter((l) => /^\[\d+\]/.test(l))
    .map((l) => ({ n: Number(/^\[(\d+)\]/.exec(l)![1]), text: l.replace(/^\[\d+\] [\d:]+ (\w+: )?/, '') }));

/**
 * Stands in for the model: a scene is retold by its first line (cited), plus an invented sentence
 * naming someone no line says and one citing a line the scene does not have; the brief names
 * scene 1 and an invented villain.
 */
function model(request: RecordedRequest) {
  if (isScene(request)) {
    const [first] = numbered(request);
    return chatReply(
      JSON.stringify({
        sentences: [
          { text: `In this scene: ${first.text}`, lines: [first.n] },
          { text: 'Lord Zorblax betrays the party.', lines: [first.n] },
          { text: 'The party rests.', lines: [999] },
        ],
      }),
    );
  }
  return chatReply(
    JSON.stringify({
      brief: [
        { text: 'The party comes to Millbrook and hears of the red dragon.', scene: 1 },
        { text: 'Lord Zorblax plots in secret.', scene: 1 },
        { text: 'The heroes win.', scene: 42 },
      ],
      very_short: `Millbrook is saved ${'and the dragon is gone '.repeat(10)}`,
    }),
  );
}

function summarizer(maxChunkChars?: number, maxRetries = 2) {
  return new OpenAISummarizer({
    baseURL: server.baseURL,
    apiKey: server.apiKey,
    model: 'gpt-test',
    maxChunkChars,
    maxRetries,
  });
}

test('each scene is written from its own numbered lines, and each sentence links to the lines it cites', async () => {
  server.on(PATH, model);
  const context = { cast: ['Bram', 'Lyra'], vocabulary: ['Millbrook'] };
  const result = await summarizer().summarize(filtered, { context });
  const requests = server.requestsTo(PATH);
  const scenes = requests.filter(isScene);
  expect(scenes).toHaveLength(result.recap.scenes.length);
  expect(requests).toHaveLength(scenes.length + 1);
  // Every line goes once, to the request of its own scene, with its time.
  expect(scenes.flatMap((r) => numbered(r).map((l) => l.text))).toEqual(filtered.map((l) => l.text));
  expect(user(scenes[0])).toMatch(/^Scene 1 of \d+, from 00:00:00:\n\[1\] 00:00:00 The party arrives/);
  for (const request of requests) {
    expect(system(request)).toContain('The player characters: Bram, Lyra.');
    expect(system(request)).toContain('Millbrook');
  }
  const byId = new Map(filtered.map((l) => [l.id, l]));
  for (const scene of result.recap.scenes) {
    expect(scene.happened).toHaveLength(1);
    const [sentence] = scene.happened;
    const line = byId.get(sentence.lineIds[0])!;
    expect(sentence.text).toBe(`In this scene: ${line.text}`);
    expect(sentence.startMs).toBe(line.startMs);
    expect(line.startMs).toBeGreaterThanOrEqual(scene.startMs);
  }
  expect(result.writer).toEqual({ kind: 'model', model: 'gpt-test' });
  expect(result.detailed).toContain('In this scene: ');
});

test('a sentence naming someone its scene never names, or citing lines it lacks, is dropped', async () => {
  server.on(PATH, model);
  const result = await summarizer().summarize(filtered);
  const everything = JSON.stringify(result);
  expect(everything).not.toMatch(/Zorblax|The party rests|The heroes win/);
  // The brief keeps the sentence whose names its scene says.
  expect(result.brief).toBe('The party comes to Millbrook and hears of the red dragon.');
  expect(result.veryShort.length).toBeLessThanOrEqual(140);
});

test("a player's line goes with its speaker; a scene longer than a request goes in parts", async () => {
  server.on(PATH, model);
  const lines: SummaryInput[] = [
    { id: 'a', text: 'You reach the altar of the drowned king in the flooded crypt.', startMs: 0 },
    { id: 'b', text: 'I take the Ember Blade from the altar and run.', startMs: 4000, speaker: 'Bram' },
  ];
  await summarizer(80).summarize(lines);
  const scenes = server.requestsTo(PATH).filter(isScene);
  expect(scenes).toHaveLength(2);
  expect(user(scenes[1])).toContain('[2] 00:00:04 Bram: I take the Ember Blade');
});

test('a reply that is no JSON gets one retry, then fails clearly', async () => {
  server.on(PATH, () => chatReply('{"sentences": "truncated'));
  const error = await summarizer()
    .summarize(filtered)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).message).toMatch(/malformed reply twice: not valid JSON/);
});

test('a service that keeps failing ends in a retryable error after the client retries', async () => {
  server.on(PATH, () => errorReply(503, 'Service overloaded'));
  const error = await summarizer(undefined, 1)
    .summarize(filtered)
    .catch((e: unknown) => e);
  expect((error as EngineError).message).toMatch(/language model service answered HTTP 503/);
  expect((error as EngineError).retryable).toBe(true);
  expect(server.requestsTo(PATH)).toHaveLength(2);
});

test('an empty transcript needs no request', async () => {
  expect(await summarizer().summarize([])).toEqual({
    brief: '',
    moderate: '',
    detailed: '',
    veryShort: '',
    recap: { scenes: [], threads: [] },
    writer: { kind: 'model', model: 'gpt-test' },
  });
  expect(server.requests).toHaveLength(0);
});
