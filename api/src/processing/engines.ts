import { OpenAISpeechToText, type TranscriptionFormat } from './speech-to-text/openai-speech-to-text';
import { PocketSphinxSpeechToText } from './speech-to-text/pocketsphinx';
import type { SpeechToText } from './speech-to-text/speech-to-text';
import { ExtractiveSummarizer } from './summaries/extractive-summarizer';
import { OpenAISummarizer } from './summaries/openai-summarizer';
import type { Summarizer } from './summaries/summarizer';
import { LexicalTableTalkClassifier } from './table-talk/lexical-classifier';
import { OpenAITableTalkClassifier } from './table-talk/openai-classifier';
import type { TableTalkClassifier } from './table-talk/table-talk';
import type { Answerer } from './qa/answerer';
import { OpenAIAnswerer } from './qa/openai-answerer';
import { QuotingAnswerer } from './qa/quoting-answerer';

/** One engine per job of the pipeline. */
export interface Engines {
  speechToText: SpeechToText;
  tableTalk: TableTalkClassifier;
  summarizer: Summarizer;
}

/**
 * The settings the engines need, named as in the api's Config (which satisfies this type), but
 * declared here so the engines depend on nothing outside processing/ and read no environment.
 */
export interface EngineConfig {
  SPEECH_TO_TEXT_ENGINE: 'pocketsphinx' | 'openai';
  TABLE_TALK_ENGINE: 'lexical' | 'openai';
  SUMMARY_ENGINE: 'extractive' | 'openai';
  /** Optional so pipeline-only callers need not name it; unset = retrieval. */
  QA_ENGINE?: 'retrieval' | 'openai';
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_TRANSCRIPTION_MODEL: string;
  OPENAI_CHAT_MODEL: string;
  POCKETSPHINX_MODEL_DIR?: string;
  /** Optional tuning; the engines' defaults apply when the api config leaves them out. */
  OPENAI_TIMEOUT_SECONDS?: number;
  OPENAI_MAX_RETRIES?: number;
  OPENAI_TRANSCRIPTION_FORMAT?: TranscriptionFormat;
  OPENAI_TRANSCRIPTION_LANGUAGE?: string;
}

/** An OpenAI-compatible engine was chosen without the settings it needs. */
export class EngineConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Engine configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EngineConfigError';
  }
}

/** The engines the configuration picks: offline ones by default, OpenAI-compatible ones when asked for. */
export function createEngines(config: EngineConfig): Engines {
  const online = (['SPEECH_TO_TEXT_ENGINE', 'TABLE_TALK_ENGINE', 'SUMMARY_ENGINE'] as const).filter(
    (key) => config[key] === 'openai',
  );
  // The api's config refuses this already; direct callers (tests, bench) get the same list.
  const missing = (['OPENAI_BASE_URL', 'OPENAI_API_KEY'] as const).filter((key) => online.length && !config[key]);
  if (missing.length)
    throw new EngineConfigError(missing.map((key) => `${key} is required when ${online.join(', ')}=openai`));
  const service = {
    baseURL: config.OPENAI_BASE_URL!,
    apiKey: config.OPENAI_API_KEY!,
    timeoutMs: config.OPENAI_TIMEOUT_SECONDS ? config.OPENAI_TIMEOUT_SECONDS * 1000 : undefined,
    maxRetries: config.OPENAI_MAX_RETRIES,
  };

  return {
    speechToText:
      config.SPEECH_TO_TEXT_ENGINE === 'openai'
        ? new OpenAISpeechToText({
            ...service,
            model: config.OPENAI_TRANSCRIPTION_MODEL,
            responseFormat: config.OPENAI_TRANSCRIPTION_FORMAT,
            language: config.OPENAI_TRANSCRIPTION_LANGUAGE,
          })
        : new PocketSphinxSpeechToText({ modelDir: config.POCKETSPHINX_MODEL_DIR }),
    tableTalk:
      config.TABLE_TALK_ENGINE === 'openai'
        ? new OpenAITableTalkClassifier({ ...service, model: config.OPENAI_CHAT_MODEL })
        : new LexicalTableTalkClassifier(),
    summarizer:
      config.SUMMARY_ENGINE === 'openai'
        ? new OpenAISummarizer({ ...service, model: config.OPENAI_CHAT_MODEL })
        : new ExtractiveSummarizer(),
  };
}

/** The Q&A answerer the configuration picks: the retrieved passages quoted, or a chat model citing them. */
export function createAnswerer(config: EngineConfig): Answerer {
  if (config.QA_ENGINE !== 'openai') return new QuotingAnswerer();
  const missing = (['OPENAI_BASE_URL', 'OPENAI_API_KEY'] as const).filter((key) => !config[key]);
  if (missing.length) throw new EngineConfigError(missing.map((key) => `${key} is required when QA_ENGINE=openai`));
  return new OpenAIAnswerer({
    baseURL: config.OPENAI_BASE_URL!,
    apiKey: config.OPENAI_API_KEY!,
    timeoutMs: config.OPENAI_TIMEOUT_SECONDS ? config.OPENAI_TIMEOUT_SECONDS * 1000 : undefined,
    maxRetries: config.OPENAI_MAX_RETRIES,
    model: config.OPENAI_CHAT_MODEL,
  });
}
