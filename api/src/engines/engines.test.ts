import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chatReply, errorReply, OpenAICompatibleServer } from '../../test/openai-compatible-server';
import { createEngines, EngineConfigError, type EngineConfig } from './engines';
import { runCommand } from '../adapters/process/run-command';
import { OpenAISpeechToText } from './speech-to-text/openai-speech-to-text';
import { ExtractiveSummarizer } from './summaries/extractive-summarizer';
import { OpenAISummarizer } from './summaries/openai-summarizer';
import { LexicalTableTalkClassifier } from './table-talk/lexical-classifier';
import { OpenAITableTalkClassifier } from './table-talk/openai-classifier';

const server = OpenAICompatibleServer.forThisFile();

// The speech service speaks the OpenAI protocol; here the test server stands in for it.
const offline = (): EngineConfig => ({
  SPEECH_TO_TEXT_ENGINE: 'whisper',
  STT_URL: server.baseURL,
  STT_API_KEY: server.apiKey,
  TABLE_TALK_ENGINE: 'lexical',
  SUMMARY_ENGINE: 'extractive',
  OPENAI_TRANSCRIPTION_MODEL: 'whisper-1',
  OPENAI_CHAT_MODEL: 'chat-model',
});

test('the defaults need no OpenAI account: the speech service, and offline text engines', async () => {
  const engines = createEngines(offline());
  expect(engines.speechToText).toBeInstanceOf(OpenAISpeechToText);
  expect(engines.tableTalk).toBeInstanceOf(LexicalTableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(ExtractiveSummarizer);

  const chunk = await silentChunk();
  server.on('audio/transcriptions', () => ({ text: 'Roll for initiative.', segments: [], words: [] }));
  await engines.speechToText.transcribe(chunk.path, { language: 'de', prompt: 'Thorin' });
  await chunk.remove();
  expect(server.requestsTo('audio/transcriptions')[0].fields).toMatchObject({
    response_format: 'verbose_json',
    language: 'de',
    prompt: 'Thorin',
  });
});

test('each job can be moved to the OpenAI-compatible service on its own', async () => {
  const service = { OPENAI_BASE_URL: server.baseURL, OPENAI_API_KEY: server.apiKey };
  const engines = createEngines({ ...offline(), ...service, TABLE_TALK_ENGINE: 'openai', SUMMARY_ENGINE: 'openai' });
  expect(engines.tableTalk).toBeInstanceOf(OpenAITableTalkClassifier);
  expect(engines.summarizer).toBeInstanceOf(OpenAISummarizer);

  server.on('chat/completions', () => chatReply('{"labels": [{"line": 1, "table_talk": 0.8}]}'));
  expect(await engines.tableTalk.classify(['Pizza is here!'])).toEqual([
    { tableTalk: true, score: 0.8, reason: 'food' },
  ]);
  expect(server.requests[0].json.model).toBe('chat-model');

  const speech = createEngines({ ...offline(), ...service, SPEECH_TO_TEXT_ENGINE: 'openai', STT_URL: undefined });
  expect(speech.speechToText).toBeInstanceOf(OpenAISpeechToText);
  expect(speech.summarizer).toBeInstanceOf(ExtractiveSummarizer);
});

test('optional settings reach the client: retries and transcription format', async () => {
  const { speechToText, summarizer } = createEngines({
    ...offline(),
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_API_KEY: server.apiKey,
    SPEECH_TO_TEXT_ENGINE: 'openai',
    SUMMARY_ENGINE: 'openai',
    OPENAI_MAX_RETRIES: 0,
    OPENAI_TRANSCRIPTION_FORMAT: 'text',
  });
  server.on('chat/completions', () => errorReply(500, 'down'));
  await expect(summarizer.summarize([{ text: 'The dragon falls.', startMs: 0 }])).rejects.toThrow(/HTTP 500/);
  expect(server.requestsTo('chat/completions')).toHaveLength(1);

  const chunk = await silentChunk();
  server.on('audio/transcriptions', () => ({ text: 'Roll for initiative.' }));
  expect((await speechToText.transcribe(chunk.path, { language: 'en' })).text).toBe('Roll for initiative.');
  await chunk.remove();
  expect(server.requestsTo('audio/transcriptions')[0].fields).toMatchObject({
    response_format: 'text',
    language: 'en',
  });
});

test('an engine without its service settings is refused with every problem listed', () => {
  expect(() => createEngines({ ...offline(), STT_URL: undefined })).toThrow(
    /STT_URL is required when SPEECH_TO_TEXT_ENGINE=whisper/,
  );
  const attempt = () => createEngines({ ...offline(), SPEECH_TO_TEXT_ENGINE: 'openai', SUMMARY_ENGINE: 'openai' });
  expect(attempt).toThrow(EngineConfigError);
  expect(attempt).toThrow(
    /OPENAI_BASE_URL is required when SPEECH_TO_TEXT_ENGINE, SUMMARY_ENGINE=openai[\s\S]*OPENAI_API_KEY is required/,
  );
});

/** One second of a real 16 kHz mono WAV, as the prepare stage writes them. */
async function silentChunk() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'engines-'));
  const file = path.join(dir, 'chunk.wav');
  await runCommand('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', file, 'synth', '1', 'sine', '440']);
  return { path: file, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
