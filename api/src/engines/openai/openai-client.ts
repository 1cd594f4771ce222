// The old path, kept only for summaries/ and campaign-index/ (being edited elsewhere) until they
// import adapters/openai/openai-client.ts (issue 50).
export { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
