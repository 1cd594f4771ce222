import { chatReply, OpenAICompatibleServer, type RecordedRequest } from '../../../test/openai-compatible-server';
import { EngineError } from '../engine-error';
import { OpenAIMemoryWriter } from './openai-memory-writer';

const PATH = 'chat/completions';
const server = OpenAICompatibleServer.forThisFile();

const writer = (batchSize?: number) =>
  new OpenAIMemoryWriter({
    baseURL: server.baseURL,
    apiKey: server.apiKey,
    model: 'test-chat',
    maxRetries: 0,
    batchSize,
  });
const userOf = (r: RecordedRequest): string => r.json.messages.find((m: { role: string }) => m.role === 'user').content;
const keysIn = (r: RecordedRequest) => [...userOf(r).matchAll(/^Entry "([^"]+)"/gm)].map((m) => m[1]);

describe('OpenAIMemoryWriter', () => {
  it('describes entries in batches from their evidence, keeping only the keys it was given', async () => {
    server.on(PATH, (r) =>
      chatReply(
        JSON.stringify({
          descriptions: {
            ...Object.fromEntries(keysIn(r).map((k) => [k, `  ${k} is   someone the party met. `])),
            invented: 'A key nobody asked for.',
          },
        }),
      ),
    );
    const entries = ['vessaline', 'kragmaw', 'morrowgate'].map((key) => ({
      key,
      name: key[0].toUpperCase() + key.slice(1),
      kind: 'npc' as const,
      evidence: [`${key} said something.`, `The party saw ${key}.`],
    }));
    const written = await writer(2).describe([
      ...entries,
      { key: 'silent', name: 'Silent', kind: 'other', evidence: [] },
    ]);

    expect(Object.fromEntries(written)).toEqual({
      vessaline: 'vessaline is someone the party met.',
      kragmaw: 'kragmaw is someone the party met.',
      morrowgate: 'morrowgate is someone the party met.',
    });
    const requests = server.requestsTo(PATH);
    expect(requests.map(keysIn)).toEqual([['vessaline', 'kragmaw'], ['morrowgate']]);
    expect(userOf(requests[0])).toContain('- The party saw vessaline.');
    expect(requests[0].json).toMatchObject({
      model: 'test-chat',
      temperature: 0,
      response_format: { type: 'json_object' },
    });
  });

  it('lists open threads with the session they came up in, from the sessions that have a story', async () => {
    server.on(PATH, () =>
      chatReply(
        JSON.stringify({
          threads: [
            { kind: 'quest', text: 'Find  Vessaline’s hammer in the caves.', session: 1 },
            { kind: 'promise', text: 'Escort the caravan to Morrowgate.', session: 3 },
            { kind: 'quest', text: 'A session that does not exist.', session: 9 },
          ],
        }),
      ),
    );
    const threads = await writer().openThreads([
      { title: 'The Gate', summary: 'Vessaline asks the party to find her hammer.' },
      { title: 'Quiet night', summary: '   ' },
      { title: 'The Road', summary: 'The party promises to escort the caravan.' },
    ]);
    expect(threads).toEqual([
      { kind: 'quest', text: 'Find Vessaline’s hammer in the caves.', session: 0 },
      { kind: 'promise', text: 'Escort the caravan to Morrowgate.', session: 2 },
    ]);
    const user = userOf(server.requestsTo(PATH)[0]);
    expect(user).toContain('Session 1: The Gate\nVessaline asks the party to find her hammer.');
    expect(user).toContain('Session 3: The Road');
    expect(user).not.toContain('Quiet night');
  });

  it('asks nothing for a campaign without a story, and fails clearly on a reply that is never usable', async () => {
    expect(await writer().openThreads([{ title: 'Empty', summary: '' }])).toEqual([]);
    expect(server.requestsTo(PATH)).toHaveLength(0);

    server.on(PATH, () => chatReply('{"threads": "none"}'));
    await expect(writer().openThreads([{ title: 'The Gate', summary: 'Something happened.' }])).rejects.toThrow(
      EngineError,
    );
    expect(server.requestsTo(PATH)).toHaveLength(2);
  });
});
