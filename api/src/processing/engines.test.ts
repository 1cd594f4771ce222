import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gameNight, makeSessionRecording } from '../../test/audio-fixtures';
import { chatReply, OpenAICompatibleServer } from '../../test/openai-compatible-server';
import { prepareAudio } from './audio/prepare-audio';
import { createEngines, EngineConfigError } from './engines';
import { OpenAISpeechToText } from './speech-to-text/openai-speech-to-text';
import { PocketSphinxSpeechToText } from './speech-to-text/pocketsphinx';
import { ExtractiveSummarizer } from './summaries/extractive-summarizer';
import { OpenAISummarizer } from './summaries/openai-summarizer';
import { LexicalTableTalkClassifier } from './table-talk/lexical-classifier';
import { OpenAITableTalkClassifier } from './table-talk/openai-classifier';

let server: OpenAICompatibleServer;
beforeAll(async () => {
  server = await OpenAICompatibleServer.start();
});
afterEach(() => server.reset());
afterAll(() => server.close());

test('with nothing configured every job runs offline', () => {
  const engines = createEngines();
  expect(engines.speechToText).toBeInstanceOf(PocketSphinxSpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(LexicalTableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(ExtractiveSummarizer);
});

test('a job goes to the OpenAI-compatible service once its URL, key and model are configured', async () => {
  const engines = createEngines({
    openai: { baseURL: server.baseURL, apiKey: server.apiKey },
    chat: { model: 'chat-model' },
  });
  // No transcription model: speech stays offline while the chat jobs go online.
  expect(engines.speechToText).toBeInstanceOf(PocketSphinxSpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(OpenAITableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(OpenAISummarizer);

  server.on('chat/completions', () => chatReply('{"labels": [{"line": 1, "table_talk": 0.8}]}'));
  expect(await engines.tableTalk.classify(['Pizza is here!'])).toEqual([{ tableTalk: true, score: 0.8 }]);
  expect(server.requests[0].json.model).toBe('chat-model');
});

test('per-job settings override the shared ones, and an explicit offline choice wins', () => {
  const engines = createEngines({
    openai: { baseURL: 'http://chat.example/v1', apiKey: 'k' },
    transcription: { baseURL: 'http://whisper.local/v1', model: 'whisper-1' },
    chat: { model: 'chat-model' },
    summaries: 'extractive',
  });
  expect(engines.speechToText).toBeInstanceOf(OpenAISpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(OpenAITableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(ExtractiveSummarizer);
});

test('asking for an OpenAI engine without its settings lists every problem', () => {
  const attempt = () => createEngines({ speechToText: 'openai', tableTalk: 'openai', openai: { baseURL: server.baseURL } });
  expect(attempt).toThrow(EngineConfigError);
  expect(attempt).toThrow(/speech-to-text: the openai engine needs apiKey, model[\s\S]*table talk: the openai engine needs apiKey, model/);
});

test('the offline engines chain on a real espeak recording: transcript, table-talk labels, summaries', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engines-'));
  try {
    const recording = await makeSessionRecording(dir, gameNight, { wordsPerMinute: 140 });
    const chunks = await prepareAudio(recording.path, path.join(dir, 'chunks'), { maxChunkMs: 20_000 });
    const { speechToText, tableTalk, summarizer } = createEngines();
    const segments = [];
    for (const chunk of chunks) {
      const transcript = await speechToText.transcribe(chunk.path, { prompt: 'Thordak, Millbrook' });
      segments.push(...transcript.segments.map((s) => ({ ...s, startMs: s.startMs + chunk.startMs })));
    }
    expect(segments.length).toBeGreaterThanOrEqual(4);
    const labels = await tableTalk.classify(segments.map((s) => s.text));
    expect(labels).toHaveLength(segments.length);
    const kept = segments.filter((_, i) => !labels[i].tableTalk);
    const summaries = await summarizer.summarize(kept);
    expect(summaries.brief.length).toBeLessThan(summaries.moderate.length);
    expect(summaries.moderate.length).toBeLessThan(summaries.detailed.length);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
