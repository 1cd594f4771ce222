import OpenAI from 'openai';
import { EngineError } from '../engine-error';

/** Where an OpenAI-compatible service lives and how patiently to talk to it. */
export interface OpenAICompatibleOptions {
  baseURL: string;
  apiKey: string;
  /** Per request; transcribing a 10-minute chunk can take a while on a busy server. */
  timeoutMs?: number;
  /** The client's own retries for 408/409/429/5xx and connection errors, honouring retry-after. */
  maxRetries?: number;
}

/** The official client pointed at any OpenAI-compatible base URL. */
export function createOpenAIClient(options: OpenAICompatibleOptions): OpenAI {
  return new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeout: options.timeoutMs ?? 120_000,
    maxRetries: options.maxRetries ?? 3,
  });
}

/** Turns a client failure into an EngineError whose message a user or operator can act on. */
export function toEngineError(engine: string, service: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof OpenAI.APIUserAbortError)
    return new EngineError(engine, `${service}: request cancelled`, true, { cause: error });
  if (error instanceof OpenAI.APIConnectionError) {
    return new EngineError(engine, `${service} could not be reached: ${error.message}`, true, { cause: error });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    const why =
      status === 401 || status === 403
        ? 'refused the API key'
        : status === 429
          ? 'kept rate-limiting the request'
          : `answered HTTP ${status}`;
    const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
    return new EngineError(engine, `${service} ${why}: ${error.message}`, retryable, { cause: error });
  }
  return new EngineError(engine, `${service} failed: ${(error as Error).message ?? String(error)}`, true, {
    cause: error,
  });
}
