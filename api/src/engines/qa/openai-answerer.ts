import type OpenAI from 'openai';
import { z } from 'zod';
import { chatJson } from '../openai-compatible';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
import { nothingFound, timestamp, type AnswerDraft, type Answerer, type AnswerRequest } from './answerer';
import { QuotingAnswerer } from './quoting-answerer';

export interface OpenAIAnswererOptions extends OpenAICompatibleOptions {
  model: string;
}

const ENGINE = 'openai-qa';

const SYSTEM = [
  'You answer questions about a tabletop role-playing campaign for its players.',
  'Use ONLY the numbered passages from session transcripts that you are given; use no other knowledge',
  'and do not guess. Cite the numbers of the passages your answer relies on.',
  'If the passages do not answer the question, set "found" to false and say so.',
  'Reply with a JSON object {"answer": "<your answer>", "found": true|false, "citations": [<passage numbers>]}.',
].join(' ');

const replySchema = z.object({
  answer: z.string().trim(),
  found: z.boolean(),
  citations: z.array(z.number()),
});

/**
 * An OpenAI-compatible chat model that writes the answer from the retrieved passages only. Its
 * citations are checked against the passages it was given: numbers that point at nothing are
 * dropped. An answer left without any real citation is not shown: the offline quoting answer
 * takes its place, so no claim reaches the user without retrieved evidence behind it. The same
 * fallback covers a model that fails (see answer()).
 */
export class OpenAIAnswerer implements Answerer {
  private readonly client: OpenAI;
  private readonly fallback = new QuotingAnswerer();

  constructor(private readonly options: OpenAIAnswererOptions) {
    this.client = createOpenAIClient(options);
  }

  async answer(request: AnswerRequest, { signal }: { signal?: AbortSignal } = {}): Promise<AnswerDraft> {
    const { question, passages, scope } = request;
    if (!passages.length) return nothingFound(scope);
    const evidence = passages
      .map((p, i) => `[${i + 1}] ${p.sessionTitle}, ${timestamp(p.startMs)}\n${p.text}`)
      .join('\n\n');
    let reply: z.infer<typeof replySchema>;
    try {
      reply = await chatJson(this.client, {
        engine: ENGINE,
        model: this.options.model,
        system: SYSTEM,
        user: `Question: ${question}\n\nPassages:\n${evidence}`,
        schema: replySchema,
        signal,
      });
    } catch (error) {
      // The evidence is sound whatever the model does: a failing model (malformed twice, down after
      // the client's retries, refusing the key) costs the user the prose, not the answer.
      console.error(`${ENGINE}: ${(error as Error).message}; answering with the quoted passages instead`);
      return this.fallback.answer(request);
    }
    if (!reply.found) return nothingFound(scope);
    const cited = [...new Set(reply.citations)].filter((n) => Number.isInteger(n) && n >= 1 && n <= passages.length);
    if (!cited.length || !reply.answer) return this.fallback.answer(request);
    return { text: reply.answer, found: true, citations: cited.map((n) => passages[n - 1]) };
  }
}
