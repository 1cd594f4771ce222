// The old path, kept only for summaries/ and campaign-index/ (being edited elsewhere) until they
// import engines/openai-compatible.ts (issue 50).
export { chatJson } from '../openai-compatible';
