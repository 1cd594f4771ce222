import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EngineError } from '../engine-error';
import { DiarizationUnavailableError, type Diarization, type DiarizeOptions, type Diarizer } from './diarizer';

/** The service refuses files of 100 MB and more: the whole session must come in one request. */
export const MAX_DIARIZATION_BYTES = 100_000_000;

export interface SpeechServiceDiarizerOptions {
  /** The speech service's OpenAI-compatible base URL (…/v1), as STT_URL gives it. */
  baseURL: string;
  apiKey?: string;
  /** Per request; a long session takes minutes on a busy CPU. */
  timeoutMs?: number;
}

const reply = z.object({
  duration: z.number().nonnegative(),
  segments: z.array(z.object({ start: z.number(), end: z.number(), speaker: z.string().min(1).max(200) })),
  speakers: z.array(z.object({ id: z.string().min(1).max(200), embedding: z.array(z.number()).min(1).max(4096) })),
  windows: z
    .array(z.object({ start: z.number(), end: z.number(), embedding: z.array(z.number()).min(1).max(4096) }))
    .optional(),
});

const ENGINE = 'speech-service-diarization';
const SERVICE = 'The speech service';

/** Diarization through the speech service's POST /v1/audio/diarizations (docs/speech-contract.md). */
export class SpeechServiceDiarizer implements Diarizer {
  constructor(private readonly options: SpeechServiceDiarizerOptions) {}

  async diarize(audioPath: string, { speakers, signal }: DiarizeOptions = {}): Promise<Diarization> {
    const { size } = await fs.stat(audioPath);
    if (size >= MAX_DIARIZATION_BYTES) {
      throw new EngineError(
        ENGINE,
        `${path.basename(audioPath)} is ${size} bytes; the service takes less than 100 MB`,
        false,
      );
    }
    const form = new FormData();
    form.append('file', new Blob([await fs.readFile(audioPath)]), path.basename(audioPath));
    if (speakers !== undefined) form.append('num_speakers', String(speakers));
    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? 30 * 60_000);
    let response: Response;
    try {
      response = await fetch(`${this.options.baseURL.replace(/\/+$/, '')}/audio/diarizations`, {
        method: 'POST',
        body: form,
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw new EngineError(ENGINE, `${SERVICE}: request cancelled`, true, { cause: error });
      const why = timeout.aborted ? 'did not answer in time' : `could not be reached: ${(error as Error).message}`;
      throw new EngineError(ENGINE, `${SERVICE} ${why}`, true, { cause: error });
    }
    if (response.status === 404 || response.status === 405) {
      await response.body?.cancel();
      throw new DiarizationUnavailableError(`${SERVICE} has no diarization endpoint (HTTP ${response.status})`);
    }
    if (!response.ok) throw await failure(response);
    const parsed = reply.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new EngineError(ENGINE, `${SERVICE} sent a diarization we cannot read`, false);
    return toDiarization(parsed.data);
  }
}

function toDiarization(data: z.infer<typeof reply>): Diarization {
  const ms = (seconds: number) => Math.round(seconds * 1000);
  return {
    durationMs: ms(data.duration),
    segments: data.segments
      .map((s) => ({ startMs: ms(s.start), endMs: ms(s.end), voice: s.speaker }))
      .filter((s) => s.endMs > s.startMs),
    voices: data.speakers.map((s) => ({ voice: s.id, embedding: s.embedding })),
    windows: (data.windows ?? [])
      .map((w) => ({ startMs: ms(w.start), endMs: ms(w.end), embedding: w.embedding }))
      .filter((w) => w.endMs > w.startMs),
  };
}

/** An HTTP error as an EngineError: retryable where waiting can help (408, 429, 5xx), as the transcription client does. */
async function failure(response: Response): Promise<EngineError> {
  const status = response.status;
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const detail = typeof body?.error?.message === 'string' ? `: ${body.error.message.slice(0, 300)}` : '';
  const why =
    status === 401 || status === 403
      ? 'refused the API key'
      : status === 413
        ? 'refused the audio as too large'
        : `answered HTTP ${status}`;
  const retryable = status === 408 || status === 409 || status === 429 || status >= 500;
  return new EngineError(ENGINE, `${SERVICE} ${why}${detail}`, retryable);
}
