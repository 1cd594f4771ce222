import type { Config } from '../config/config';
import { OpenAISpeechToText } from './speech-to-text/openai-speech-to-text';
import { PocketSphinxSpeechToText } from './speech-to-text/pocketsphinx';
import type { SpeechToText } from './speech-to-text/speech-to-text';
import { ExtractiveSummarizer } from './summaries/extractive-summarizer';
import { OpenAISummarizer } from './summaries/openai-summarizer';
import type { Summarizer } from './summaries/summarizer';
import { LexicalTableTalkClassifier } from './table-talk/lexical-classifier';
import { OpenAITableTalkClassifier } from './table-talk/openai-classifier';
import type { TableTalkClassifier } from './table-talk/table-talk';

/** One engine per job of the pipeline. */
export interface Engines {
  speechToText: SpeechToText;
  tableTalk: TableTalkClassifier;
  summarizer: Summarizer;
}

type EngineConfig = Pick<
  Config,
  | 'SPEECH_TO_TEXT_ENGINE'
  | 'TABLE_TALK_ENGINE'
  | 'SUMMARY_ENGINE'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_API_KEY'
  | 'OPENAI_TRANSCRIPTION_MODEL'
  | 'OPENAI_CHAT_MODEL'
  | 'POCKETSPHINX_MODEL_DIR'
>;

/** The engines configuration picks: offline ones by default, OpenAI-compatible ones when asked for. */
export function createEngines(config: EngineConfig): Engines {
  const openai = () => {
    // config.ts refuses an openai engine without these; this guards direct callers (tests, bench).
    if (!config.OPENAI_BASE_URL || !config.OPENAI_API_KEY) throw new Error('OPENAI_BASE_URL and OPENAI_API_KEY are required');
    return { baseURL: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY };
  };
  return {
    speechToText:
      config.SPEECH_TO_TEXT_ENGINE === 'openai'
        ? new OpenAISpeechToText({ ...openai(), model: config.OPENAI_TRANSCRIPTION_MODEL })
        : new PocketSphinxSpeechToText({ modelDir: config.POCKETSPHINX_MODEL_DIR }),
    tableTalk:
      config.TABLE_TALK_ENGINE === 'openai'
        ? new OpenAITableTalkClassifier({ ...openai(), model: config.OPENAI_CHAT_MODEL })
        : new LexicalTableTalkClassifier(),
    summarizer:
      config.SUMMARY_ENGINE === 'openai'
        ? new OpenAISummarizer({ ...openai(), model: config.OPENAI_CHAT_MODEL })
        : new ExtractiveSummarizer(),
  };
}
