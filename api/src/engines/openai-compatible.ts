// What the OpenAI-compatible engines share: the client's failures as EngineErrors, JSON from a chat model.
import type OpenAI from 'openai';
import type { z } from 'zod';
import { openAIFailure } from '../adapters/openai/openai-client';
import { EngineError } from './engine-error';

export interface ChatJsonRequest<T> {
  engine: string;
  model: string;
  system: string;
  user: string;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

/** An OpenAI-compatible client's failure as the engine's EngineError (an EngineError passes through). */
export function toEngineError(engine: string, service: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const { message, retryable } = openAIFailure(service, error);
  return new EngineError(engine, message, retryable, { cause: error });
}

/**
 * Asks a chat model for a JSON object and validates it; a malformed reply gets one second chance
 * (told what was wrong), then fails with a non-retryable EngineError.
 */
export async function chatJson<T>(client: OpenAI, request: ChatJsonRequest<T>): Promise<T> {
  const { engine, model, system, user, schema, signal } = request;
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
  let problem = '';
  for (let attempt = 1; attempt <= 2; attempt++) {
    const completion = await client.chat.completions
      .create({ model, messages, temperature: 0, response_format: { type: 'json_object' } }, { signal })
      .catch((error: unknown) => {
        throw toEngineError(engine, 'The language model service', error);
      });
    const content = completion.choices?.[0]?.message?.content ?? '';
    const result = validate(content, schema);
    if (result.ok) return result.value;
    problem = result.problem;
    messages.push(
      { role: 'assistant', content },
      { role: 'user', content: `That reply was not usable (${problem}). Answer again with the JSON object only.` },
    );
  }
  throw new EngineError(engine, `The language model gave a malformed reply twice: ${problem}`, false);
}

function validate<T>(content: string, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'not valid JSON' };
  }
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const problem = result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`)
    .join('; ');
  return { ok: false, problem };
}
