import OpenAI from 'openai';

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

/** A client failure as a user or operator can act on it, and whether trying again later can help. */
export function openAIFailure(service: string, error: unknown): { message: string; retryable: boolean } {
  if (error instanceof OpenAI.APIUserAbortError) return { message: `${service}: request cancelled`, retryable: true };
  if (error instanceof OpenAI.APIConnectionError) {
    return { message: `${service} could not be reached: ${error.message}`, retryable: true };
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
    return { message: `${service} ${why}: ${error.message}`, retryable };
  }
  return { message: `${service} failed: ${(error as Error).message ?? String(error)}`, retryable: true };
}
