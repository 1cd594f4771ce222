import type { OpenAICompatibleOptions } from '../adapters/openai/openai-client';
import { OpenAISpeechToText, type TranscriptionFormat } from './speech-to-text/openai-speech-to-text';
import type { SpeechToText } from './speech-to-text/speech-to-text';
import type { Diarizer } from './diarization/diarizer';
import { SpeechServiceDiarizer } from './diarization/speech-service-diarizer';
import { ExtractiveSummarizer } from './summaries/extractive-summarizer';
import { OpenAISummarizer } from './summaries/openai-summarizer';
import type { MemoryWriter } from './campaign-index/memory-writer';
import { OpenAIMemoryWriter } from './campaign-index/openai-memory-writer';
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
  /** Writes index descriptions and open threads (INDEX_ENGINE=openai); none offline. */
  memoryWriter?: MemoryWriter;
  /** Who spoke when on one track: the speech service's, wherever STT_URL names one. */
  diarizer?: Diarizer;
}

/**
 * The settings the engines need, named as in the api's Config (which satisfies this type), but
 * declared here so the engines depend on nothing outside engines/ and read no environment.
 */
export interface EngineConfig {
  SPEECH_TO_TEXT_ENGINE: 'whisper' | 'openai';
  /** The speech service for `whisper`: STT_URL, or the embedded one the app started. */
  STT_URL?: string;
  STT_API_KEY?: string;
  TABLE_TALK_ENGINE: 'lexical' | 'openai';
  SUMMARY_ENGINE: 'extractive' | 'openai';
  /** Optional so pipeline-only callers need not name it; unset = retrieval. */
  QA_ENGINE?: 'retrieval' | 'openai';
  /** Optional like QA_ENGINE; unset = offline. */
  INDEX_ENGINE?: 'offline' | 'openai';
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_TRANSCRIPTION_MODEL: string;
  OPENAI_CHAT_MODEL: string;
  /** Optional tuning; the engines' defaults apply when the api config leaves them out. */
  OPENAI_TIMEOUT_SECONDS?: number;
  OPENAI_MAX_RETRIES?: number;
  OPENAI_TRANSCRIPTION_FORMAT?: TranscriptionFormat;
}

/**
 * A 10-minute chunk takes a minute on tiny.en with two cores, several with a larger model on a
 * CPU: the speech service gets far longer than a hosted API before a request counts as lost.
 */
const SPEECH_SERVICE_TIMEOUT_MS = 30 * 60_000;

/** An OpenAI-compatible engine was chosen without the settings it needs. */
export class EngineConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Engine configuration is incomplete:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EngineConfigError';
  }
}

/**
 * The engines the configuration picks: Whisper through the speech service and offline text engines
 * by default, OpenAI-compatible ones when asked for.
 */
export function createEngines(config: EngineConfig): Engines {
  const online = (['SPEECH_TO_TEXT_ENGINE', 'TABLE_TALK_ENGINE', 'SUMMARY_ENGINE', 'INDEX_ENGINE'] as const).filter(
    (key) => config[key] === 'openai',
  );
  // The api's config refuses this already; direct callers (tests, bench) get the same list.
  const problems = online.length ? missingOpenAISettings(config, online.join(', ')) : [];
  if (config.SPEECH_TO_TEXT_ENGINE === 'whisper' && !config.STT_URL)
    problems.push(
      'STT_URL is required when SPEECH_TO_TEXT_ENGINE=whisper (the app sets it when it starts the embedded speech service)',
    );
  if (problems.length) throw new EngineConfigError(problems);
  const service = openAIService(config);

  return {
    speechToText:
      config.SPEECH_TO_TEXT_ENGINE === 'openai'
        ? new OpenAISpeechToText({
            ...service,
            model: config.OPENAI_TRANSCRIPTION_MODEL,
            responseFormat: config.OPENAI_TRANSCRIPTION_FORMAT,
          })
        : new OpenAISpeechToText({
            baseURL: config.STT_URL!,
            // Self-hosted servers mostly take no key; the client insists on one.
            apiKey: config.STT_API_KEY ?? 'none',
            timeoutMs: SPEECH_SERVICE_TIMEOUT_MS,
            maxRetries: config.OPENAI_MAX_RETRIES,
            model: 'whisper',
          }),
    tableTalk:
      config.TABLE_TALK_ENGINE === 'openai'
        ? new OpenAITableTalkClassifier({ ...service, model: config.OPENAI_CHAT_MODEL })
        : new LexicalTableTalkClassifier(),
    summarizer:
      config.SUMMARY_ENGINE === 'openai'
        ? new OpenAISummarizer({ ...service, model: config.OPENAI_CHAT_MODEL })
        : new ExtractiveSummarizer(),
    ...(config.STT_URL
      ? {
          diarizer: new SpeechServiceDiarizer({
            baseURL: config.STT_URL,
            apiKey: config.STT_API_KEY,
            timeoutMs: SPEECH_SERVICE_TIMEOUT_MS,
          }),
        }
      : {}),
    ...(config.INDEX_ENGINE === 'openai'
      ? { memoryWriter: new OpenAIMemoryWriter({ ...service, model: config.OPENAI_CHAT_MODEL }) }
      : {}),
  };
}

/** The Q&A answerer the configuration picks: the retrieved passages quoted, or a chat model citing them. */
export function createAnswerer(config: EngineConfig): Answerer {
  if (config.QA_ENGINE !== 'openai') return new QuotingAnswerer();
  const problems = missingOpenAISettings(config, 'QA_ENGINE');
  if (problems.length) throw new EngineConfigError(problems);
  return new OpenAIAnswerer({ ...openAIService(config), model: config.OPENAI_CHAT_MODEL });
}

/** What is missing for the engines named to reach the OpenAI-compatible service. */
function missingOpenAISettings(config: EngineConfig, engines: string): string[] {
  const missing = (['OPENAI_BASE_URL', 'OPENAI_API_KEY'] as const).filter((key) => !config[key]);
  return missing.map((key) => `${key} is required when ${engines}=openai`);
}

/** The one place the settings become the OpenAI client's options, for every engine that uses the service. */
function openAIService(config: EngineConfig): OpenAICompatibleOptions {
  return {
    baseURL: config.OPENAI_BASE_URL!,
    apiKey: config.OPENAI_API_KEY!,
    timeoutMs: config.OPENAI_TIMEOUT_SECONDS ? config.OPENAI_TIMEOUT_SECONDS * 1000 : undefined,
    maxRetries: config.OPENAI_MAX_RETRIES,
  };
}
