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
import devCampaign from './dev-campaign.transcripts.json';

const PATH = 'chat/completions';
const server = OpenAICompatibleServer.forThisFile();
const filtered: SummaryInput[] = sessionLines
  .map((line, i) => ({ ...line, startMs: i * 65_000 }))
  .filter((line) => !line.tableTalk)
  .map(({ text, startMs }) => ({ text, startMs }));

const summaries = {
  brief: 'The heroes saved the miller.',
  moderate: 'The heroes fought goblins, reached the tower and saved the miller from the red dragon.',
  detailed:
    'The party came to Millbrook, heard of the dragon, crossed the gorge past goblins, found the miller ' +
    'in the ruined tower and bargained the red dragon away with the silver egg.',
  very_short: `Millbrook is saved ${'and the dragon is gone '.repeat(10)}`,
};

const system = (r: RecordedRequest) => r.json.messages[0].content as string;
const user = (r: RecordedRequest) => r.json.messages[1].content as string;

/** Stands in for the model: short notes for a map request, the fixed summaries for the reduce. */
function model(request: RecordedRequest) {
  if (system(request).startsWith('You take notes')) {
    const lines = user(request)
      .split('\n')
      .filter((l) => l.startsWith('[')).length;
    return chatReply(JSON.stringify({ notes: `${lines} lines of adventure` }));
  }
  return chatReply(JSON.stringify(summaries));
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

test('a short session is summarized in one request with timestamps', async () => {
  server.on(PATH, model);
  const result = await summarizer().summarize(filtered);
  const requests = server.requestsTo(PATH);
  expect(requests).toHaveLength(1);
  expect(user(requests[0])).toMatch(/^Transcript:\n\[00:00:00\] The party arrives/);
  expect(user(requests[0])).toContain('[00:03:15] Elder Maren tells the party');
  expect(result).toMatchObject({ brief: summaries.brief, moderate: summaries.moderate, detailed: summaries.detailed });
  expect(result.writer).toEqual({ kind: 'model', model: 'gpt-test' });
  expect(result.veryShort.length).toBeLessThanOrEqual(140);
  expect(result.veryShort).toMatch(/^Millbrook is saved .*…$/);
});

test("each line carries its speaker's name where the recording knows it", async () => {
  server.on(PATH, model);
  await summarizer().summarize([
    { text: 'You reach the altar.', startMs: 0 },
    { text: 'I take the Ember Blade.', startMs: 4000, speaker: 'Bram' },
  ]);
  const [request] = server.requestsTo(PATH).slice(-1);
  expect(user(request)).toContain('[00:00:00] You reach the altar.\n[00:00:04] Bram: I take the Ember Blade.');
});

test('a long session is mapped chunk by chunk, every line sent once, then reduced', async () => {
  server.on(PATH, model);
  await summarizer(500).summarize(filtered);
  const requests = server.requestsTo(PATH);
  const maps = requests.filter((r) => system(r).startsWith('You take notes'));
  const reduce = requests[requests.length - 1];
  expect(maps.length).toBeGreaterThanOrEqual(4);
  expect(requests.length).toBe(maps.length + 1);
  for (const map of maps) expect(user(map).length).toBeLessThan(600);
  const sent = maps.flatMap((m) => lineTexts(user(m)));
  expect(sent).toEqual(filtered.map((s) => s.text));
  expect(user(reduce)).toMatch(/^Notes:\nPart 1: \d+ lines of adventure/);
  expect(user(reduce)).toContain(`Part ${maps.length}:`);
});

/** The transcript lines of a request, without their times and scene headers. */
const lineTexts = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('['))
    .map((l) => l.replace(/^\[[\d:]+\] (\w+: )?/, ''));

test('a long night is mapped scene by scene, whole scenes per request, with the cast and the vocabulary', async () => {
  server.on(PATH, model);
  // Three evenings of the dev campaign back to back: a long night with clear changes of scene.
  let startMs = 0;
  const night: SummaryInput[] = devCampaign.sessions.flatMap((session) =>
    session.lines
      .filter((l) => !l.tableTalk)
      .map((l, i) => ({ text: l.text, startMs: (startMs += 4000), ...(i % 5 === 1 ? { speaker: 'Bram' } : {}) })),
  );
  const context = { cast: ['Bram', 'Lyra'], vocabulary: ['Harlowmere', 'Magda'] };
  const result = await summarizer(3000).summarize(night, { context });
  const requests = server.requestsTo(PATH);
  const maps = requests.filter((r) => system(r).startsWith('You take notes'));
  expect(maps.length).toBeGreaterThan(1);
  for (const request of requests) {
    expect(system(request)).toContain('The player characters: Bram, Lyra.');
    expect(system(request)).toContain('Harlowmere, Magda');
  }
  // Each request opens on a scene and holds whole scenes; a scene continues in the next request
  // only when it alone is longer than a request.
  const scenes = new Map<string, number>();
  for (const map of maps) {
    const body = user(map).split('\n').slice(1);
    expect(body[0]).toMatch(/^## Scene \d+ of \d+, from \d\d:\d\d:\d\d$/);
    for (const header of body.filter((l) => l.startsWith('## Scene')))
      scenes.set(header, (scenes.get(header) ?? 0) + 1);
    expect(user(map).length).toBeLessThanOrEqual(3000 + 100);
  }
  expect(scenes.size).toBeGreaterThan(2);
  expect(maps.flatMap((m) => lineTexts(user(m)))).toEqual(night.map((l) => l.text));
  // A player's line keeps its speaker: the model knows who acted.
  expect(maps.some((m) => user(m).includes('] Bram: '))).toBe(true);
  expect(result.writer).toEqual({ kind: 'model', model: 'gpt-test' });
});

test('summaries out of length order get one retry, then fail clearly', async () => {
  const backwards = { ...summaries, brief: summaries.detailed, detailed: summaries.brief };
  server.script(PATH, chatReply(JSON.stringify(backwards)));
  server.on(PATH, model);
  expect((await summarizer().summarize(filtered)).brief).toBe(summaries.brief);
  expect(server.requestsTo(PATH)[1].json.messages[3].content).toMatch(/brief must be shorter than moderate/);

  server.reset();
  server.on(PATH, () => chatReply('{"brief": "truncated'));
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
