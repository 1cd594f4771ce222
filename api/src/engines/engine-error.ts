/**
 * An engine could not do its job. `retryable` tells the caller (the Temporal activity) whether
 * trying again later can help (rate limits, outages) or not (bad key, malformed model output).
 */
export class EngineError extends Error {
  constructor(
    readonly engine: string,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}
