import fs from 'node:fs/promises';
import path from 'node:path';
import type OpenAI from 'openai';
import { toFile } from 'openai';
import { z } from 'zod';
import { BYTES_PER_MS, findPcmData } from '../audio/wav';
import { EngineError } from '../engine-error';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
import { toEngineError } from '../openai-compatible';
import type { ChunkTranscript, SpeechToText, TranscribeOptions } from './speech-to-text';

/** OpenAI and most compatible servers refuse request bodies of 25 MB and more. */
export const MAX_TRANSCRIPTION_BYTES = 25_000_000;

export type TranscriptionFormat = 'verbose_json' | 'json' | 'text';

export interface OpenAISpeechToTextOptions extends OpenAICompatibleOptions {
  model: string;
  /** verbose_json gives segment and word timings; some models (gpt-4o-transcribe) only do json/text. */
  responseFormat?: TranscriptionFormat;
}

const verbose = z.object({
  text: z.string(),
  // `speaker`: engines that diarize label their segments (OpenAI's diarized_json; a DIARIZATION
  // service in front of Whisper could do the same). The embedded service does not.
  segments: z
    .array(z.object({ start: z.number(), end: z.number(), text: z.string(), speaker: z.string().max(200).optional() }))
    .optional(),
  words: z
    .array(
      z.object({
        word: z.string(),
        start: z.number(),
        end: z.number(),
        probability: z.number().min(0).max(1).optional(),
      }),
    )
    .optional(),
});

const ENGINE = 'openai-transcription';
const SERVICE = 'The speech-to-text service';

/** Speech-to-text through any OpenAI-compatible /v1/audio/transcriptions endpoint. */
export class OpenAISpeechToText implements SpeechToText {
  private readonly client: OpenAI;
  private format: TranscriptionFormat;

  constructor(private readonly options: OpenAISpeechToTextOptions) {
    this.client = createOpenAIClient(options);
    this.format = options.responseFormat ?? 'verbose_json';
  }

  async transcribe(chunkPath: string, options: TranscribeOptions = {}): Promise<ChunkTranscript> {
    const { size } = await fs.stat(chunkPath);
    if (size >= MAX_TRANSCRIPTION_BYTES) {
      throw new EngineError(
        ENGINE,
        `${path.basename(chunkPath)} is ${size} bytes; the service takes less than 25 MB`,
        false,
      );
    }
    const durationMs = (await findPcmData(chunkPath)).bytes / BYTES_PER_MS;
    options.onProgress?.(0);
    // A buffered File (not a stream) so the client can resend it when it retries a 429 or 5xx.
    const file = await toFile(await fs.readFile(chunkPath), path.basename(chunkPath), { type: 'audio/wav' });
    let reply: unknown;
    try {
      reply = await this.request(file, options);
    } catch (error) {
      // Servers that cannot do verbose_json answer 400; fall back to plain JSON for this and later chunks.
      if (this.format !== 'verbose_json' || !isBadRequest(error)) throw toEngineError(ENGINE, SERVICE, error);
      this.format = 'json';
      reply = await this.request(file, options).catch((e: unknown) => {
        throw toEngineError(ENGINE, SERVICE, e);
      });
    }
    options.onProgress?.(1);
    return this.toTranscript(reply, durationMs);
  }

  private request(file: File, { prompt, language, signal }: TranscribeOptions): Promise<unknown> {
    const timings = this.format === 'verbose_json' ? { timestamp_granularities: ['word', 'segment'] as const } : {};
    return this.client.audio.transcriptions.create(
      {
        file,
        model: this.options.model,
        response_format: this.format,
        ...(prompt ? { prompt } : {}),
        ...(language ? { language } : {}),
        ...timings,
      } as OpenAI.Audio.TranscriptionCreateParamsNonStreaming,
      { signal },
    );
  }

  private toTranscript(reply: unknown, durationMs: number): ChunkTranscript {
    const parsed = verbose.safeParse(typeof reply === 'string' ? { text: reply } : reply);
    if (!parsed.success) throw new EngineError(ENGINE, `${SERVICE} sent a transcription we cannot read`, false);
    const text = parsed.data.text.trim();
    const ms = (seconds: number) => Math.round(seconds * 1000);
    const segments = parsed.data.segments?.length
      ? parsed.data.segments.map((s) => ({
          startMs: ms(s.start),
          endMs: ms(s.end),
          text: s.text.trim(),
          ...(s.speaker ? { speaker: s.speaker } : {}),
        }))
      : text
        ? [{ startMs: 0, endMs: Math.round(durationMs), text }]
        : [];
    const words = (parsed.data.words ?? []).map((w) => ({
      word: w.word.trim(),
      startMs: ms(w.start),
      endMs: ms(w.end),
      ...(w.probability === undefined ? {} : { probability: w.probability }),
    }));
    return { text, words, segments };
  }
}

function isBadRequest(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: number }).status === 400;
}
