import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chatReply, errorReply, OpenAICompatibleServer } from '../../test/openai-compatible-server';
import { createEngines, EngineConfigError, type EngineConfig } from './engines';
import { runCommand } from './run-command';
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

const offline: EngineConfig = {
  SPEECH_TO_TEXT_ENGINE: 'pocketsphinx',
  TABLE_TALK_ENGINE: 'lexical',
  SUMMARY_ENGINE: 'extractive',
  OPENAI_TRANSCRIPTION_MODEL: 'whisper-1',
  OPENAI_CHAT_MODEL: 'chat-model',
};

test('the defaults run every job offline', () => {
  const engines = createEngines(offline);
  expect(engines.speechToText).toBeInstanceOf(PocketSphinxSpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(LexicalTableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(ExtractiveSummarizer);
});

test('each job can be moved to the OpenAI-compatible service on its own', async () => {
  const service = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: server.apiKey };
  const engines = createEngines({ ...offline, ...service, TABLE_TALK_ENGINE: 'openai', SUMMARY_ENGINE: 'openai' });
  expect(engines.speechToText).toBeInstanceOf(PocketSphinxSpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(OpenAITableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(OpenAISummarizer);

  server.on('chat/completions', () => chatReply('{"labels": [{"line": 1, "table_talk": 0.8}]}'));
  expect(await engines.tableTalk.classify(['Pizza is here!'])).toEqual([{ tableTalk: true, score: 0.8 }]);
  expect(server.requests[0].json.model).toBe('chat-model');

  const speech = createEngines({ ...offline, ...service, SPEECH_TO_TEXT_ENGINE: 'openai' });
  expect(speech.speechToText).toBeInstanceOf(OpenAISpeechToText);
  expect(speech.summarizer).toBeInstanceOf(ExtractiveSummarizer);
});

test('optional settings reach the client: retries, transcription format and language', async () => {
  const { speechToText, summarizer } = createEngines({
    ...offline,
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: server.apiKey,
    SPEECH_TO_TEXT_ENGINE: 'openai',
    SUMMARY_ENGINE: 'openai',
    OPENAI_MAX_RETRIES: 0,
    OPENAI_TRANSCRIPTION_FORMAT: 'text',
    OPENAI_TRANSCRIPTION_LANGUAGE: 'en',
  });
  server.on('chat/completions', () => errorReply(500, 'down'));
  await expect(summarizer.summarize([{ text: 'The dragon falls.', startMs: 0 }])).rejects.toThrow(/HTTP 500/);
  expect(server.requestsTo('chat/completions')).toHaveLength(1);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engines-'));
  try {
    const chunk = path.join(dir, 'chunk.wav');
    await runCommand('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', chunk, 'synth', '1', 'sine', '440']);
    server.on('audio/transcriptions', () => ({ text: 'Roll for initiative.' }));
    expect((await speechToText.transcribe(chunk)).text).toBe('Roll for initiative.');
    expect(server.requestsTo('audio/transcriptions')[0].fields).toMatchObject({
      response_format: 'text',
      language: 'en',
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

test('an OpenAI engine without URL and key is refused with every problem listed', () => {
  const attempt = () => createEngines({ ...offline, SPEECH_TO_TEXT_ENGINE: 'openai', SUMMARY_ENGINE: 'openai' });
  expect(attempt).toThrow(EngineConfigError);
  expect(attempt).toThrow(
    /OPENAI_BASE_URL is required when SPEECH_TO_TEXT_ENGINE, SUMMARY_ENGINE=openai[\s\S]*OPENAI_API_KEY is required/,
  );
});
