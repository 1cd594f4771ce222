import { startTestApp, type TestApp } from '../../../test/app';
import { createCampaign, createSession, createUser } from '../../../test/factories';
import type { TimedWord } from '../../engines/speech-to-text/speech-to-text';
import { SessionStatus } from '../../kernel/entities/session.entity';
import { ChunkService } from './chunk.service';

/*
 * Overlapping chunks: a chunk's audio starts a lead before its own part, and what was heard in the
 * lead is dropped when its transcript is kept, so the chunks' words on the session's timeline are
 * the recording's words, each once.
 */

let app: TestApp;
let sessionId: string;

beforeAll(async () => {
  app = await startTestApp();
  const owner = await createUser(app);
  const session = await createSession(app, await createCampaign(owner), { status: SessionStatus.PROCESSING });
  sessionId = session.id;
});
afterAll(() => app?.close());

const chunks = () => new ChunkService(app.orm.em.fork());
const w = (word: string, startMs: number, endMs: number): TimedWord => ({ word, startMs, endMs });

test('the lead of a chunk is dropped: its words and segments, a word across the cut kept once', async () => {
  // The recording: "The goblins fled. They ran ahead." then, across the cut at 4.0 s, "Did anyone
  // else watch the game?" Chunk 0 is 0–4 s; chunk 1's audio starts 2 s before its cut.
  await chunks().create(sessionId, [
    { index: 0, startMs: 0, durationMs: 4000, storageKey: 'k0' },
    { index: 1, startMs: 2000, ownStartMs: 4000, durationMs: 6000, storageKey: 'k1' },
  ]);
  const first = chunks();
  await first.saveTranscript(await first.get(sessionId, 0), {
    text: 'The goblins fled. They ran ahead.',
    segments: [
      { startMs: 0, endMs: 1500, text: ' The goblins fled.' },
      { startMs: 2500, endMs: 3900, text: ' They ran ahead.' },
    ],
    words: [
      w('The', 0, 300),
      w('goblins', 300, 900),
      w('fled.', 900, 1500),
      w('They', 2500, 2900),
      w('ran', 3000, 3300),
      w('ahead.', 3500, 3900),
    ],
  });
  // Chunk 1 hears the lead too (times from its audio's start, 2 s into the recording). Whisper put
  // the end of the lead and the start of its own part in one segment; "Did" starts 50 ms before
  // the cut but its middle is after it, so it is this chunk's (and chunk 0, cut at 4 s, lacks it).
  const second = chunks();
  const { done, total } = await second.saveTranscript(await second.get(sessionId, 1), {
    text: 'They ran ahead. Did anyone else watch the game?',
    segments: [
      { startMs: 500, endMs: 3600, text: ' They ran ahead. Did anyone else watch' },
      { startMs: 4000, endMs: 5000, text: ' the game?' },
    ],
    words: [
      w('They', 500, 900),
      w('ran', 1000, 1300),
      w('ahead.', 1500, 1900),
      w('Did', 1950, 2250),
      w('anyone', 2300, 2700),
      w('else', 2800, 3100),
      w('watch', 3200, 3600),
      w('the', 4000, 4200),
      w('game?', 4300, 5000),
    ],
  });
  expect({ done, total }).toEqual({ done: 2, total: 2 });

  const [zero, one] = await chunks().all(sessionId);
  expect(zero.words).toHaveLength(6);
  expect(one.ownStartMs).toBe(4000);
  expect(one.text).toBe('Did anyone else watch the game?');
  expect(one.segments).toEqual([
    { startMs: 1950, endMs: 3600, text: ' Did anyone else watch' },
    { startMs: 4000, endMs: 5000, text: ' the game?' },
  ]);
  // On the session's timeline (what assembly sees: chunk start + word time), every word once, in order.
  const heard = [zero, one].flatMap((c) => c.words.map((word) => ({ ...word, startMs: c.startMs + word.startMs })));
  expect(heard.map((word) => word.word).join(' ')).toBe(
    'The goblins fled. They ran ahead. Did anyone else watch the game?',
  );
  expect(heard.find((word) => word.word === 'Did')?.startMs).toBe(3950);
  expect(heard.map((word) => word.startMs)).toEqual([...heard.map((word) => word.startMs)].sort((a, b) => a - b));
});

test('a chunk without a lead (an earlier run, a recording) keeps all it heard; without words, segments go by their middle', async () => {
  const owner = await createUser(app);
  const other = (await createSession(app, await createCampaign(owner), { status: SessionStatus.PROCESSING })).id;
  await chunks().create(other, [
    { index: 0, startMs: 0, durationMs: 5000, storageKey: 'a' },
    { index: 1, startMs: 5000, durationMs: 5000, storageKey: 'b' },
    { index: 2, startMs: 7000, ownStartMs: 10_000, durationMs: 5000, storageKey: 'c' },
  ]);
  const one = chunks();
  const withWords = {
    text: 'Roll for initiative.',
    segments: [{ startMs: 0, endMs: 1200, text: ' Roll for initiative.' }],
    words: [w('Roll', 0, 300), w('for', 300, 500), w('initiative.', 500, 1200)],
  };
  await one.saveTranscript(await one.get(other, 1), withWords);
  // A plain-text engine: no words; the segment in the lead (middle at 1.5 s of 3 s) goes.
  const two = chunks();
  await two.saveTranscript(await two.get(other, 2), {
    text: 'Pizza is here. The door opens.',
    segments: [
      { startMs: 500, endMs: 2500, text: ' Pizza is here.' },
      { startMs: 3200, endMs: 4500, text: ' The door opens.' },
    ],
    words: [],
  });
  const [, kept, plain] = await chunks().all(other);
  expect({ text: kept.text, segments: kept.segments, words: kept.words }).toEqual(withWords);
  expect(plain).toMatchObject({
    text: 'The door opens.',
    segments: [{ startMs: 3200, endMs: 4500, text: ' The door opens.' }],
    words: [],
  });
});
