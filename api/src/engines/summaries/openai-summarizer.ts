import type OpenAI from 'openai';
import { z } from 'zod';
import { EngineError } from '../engine-error';
import { chatJson } from '../openai/chat-json';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../openai/openai-client';
import { shorten } from '../text/shorten';
import { VERY_SHORT_MAX, type Summaries, type Summarizer, type SummaryInput } from './summarizer';

export interface OpenAISummarizerOptions extends OpenAICompatibleOptions {
  model: string;
  /** Transcript characters per request; longer sessions are summarized chunk by chunk first. */
  maxChunkChars?: number;
}

const ENGINE = 'openai-summary';

const MAP_SYSTEM = [
  'You take notes on part of the transcript of a tabletop role-playing game session.',
  'Write what happened in the story, in order: places, characters, decisions, fights, discoveries.',
  'Keep names exactly as written. Leave out anything said outside the game.',
  'Reply with a JSON object {"notes": "<your notes>"}.',
].join(' ');

const REDUCE_SYSTEM = [
  'You summarize a tabletop role-playing game session for its players, from its transcript or from',
  'notes on its parts. Tell the story in the past tense; keep names exactly as written; leave out',
  'anything said outside the game. Reply with a JSON object with four strings:',
  '"brief" (2-3 sentences), "moderate" (one paragraph), "detailed" (several paragraphs, every',
  `important event), and "very_short" (one line of at most ${VERY_SHORT_MAX} characters).`,
  'brief must be shorter than moderate, and moderate shorter than detailed.',
].join(' ');

const notesSchema = z.object({ notes: z.string().trim().min(1) });

const summariesSchema = z
  .object({
    brief: z.string().trim().min(1),
    moderate: z.string().trim().min(1),
    detailed: z.string().trim().min(1),
    very_short: z.string().trim().min(1),
  })
  .refine((s) => s.brief.length < s.moderate.length && s.moderate.length < s.detailed.length, {
    message: 'brief must be shorter than moderate, and moderate shorter than detailed',
  });

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`;
}

/** Packs lines into pieces of at most `max` characters (a longer single line gets its own piece). */
function pack(lines: string[], max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + 1 + line.length > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) pieces.push(current);
  return pieces;
}

/**
 * Summaries from an OpenAI-compatible chat model. A transcript that fits one request is
 * summarized directly; a longer one is mapped to notes chunk by chunk (and notes again, until
 * they fit), then reduced to the three lengths and the one-liner.
 */
export class OpenAISummarizer implements Summarizer {
  private readonly client: OpenAI;
  private readonly maxChunkChars: number;

  constructor(private readonly options: OpenAISummarizerOptions) {
    this.client = createOpenAIClient(options);
    this.maxChunkChars = options.maxChunkChars ?? 24_000;
  }

  async summarize(segments: SummaryInput[], { signal }: { signal?: AbortSignal } = {}): Promise<Summaries> {
    const lines = segments
      .filter((s) => s.text.trim())
      .map((s) => `[${clock(s.startMs)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`);
    if (!lines.length) return { brief: '', moderate: '', detailed: '', veryShort: '' };
    let pieces = pack(lines, this.maxChunkChars);
    let kind = 'Transcript';
    while (pieces.length > 1) {
      const notes: string[] = [];
      for (const [i, piece] of pieces.entries()) {
        const reply = await this.ask(
          MAP_SYSTEM,
          `${kind}, part ${i + 1} of ${pieces.length}:\n${piece}`,
          notesSchema,
          signal,
        );
        notes.push(`Part ${i + 1}: ${reply.notes}`);
      }
      const next = pack(notes, this.maxChunkChars);
      // Notes that do not shrink would loop forever; stop with a reason instead.
      if (next.length >= pieces.length)
        throw new EngineError(ENGINE, 'The language model notes are as long as the transcript', false);
      pieces = next;
      kind = 'Notes';
    }
    const reply = await this.ask(REDUCE_SYSTEM, `${kind}:\n${pieces[0]}`, summariesSchema, signal);
    return {
      brief: reply.brief,
      moderate: reply.moderate,
      detailed: reply.detailed,
      veryShort: shorten(reply.very_short, VERY_SHORT_MAX),
    };
  }

  private ask<T>(system: string, user: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return chatJson(this.client, { engine: ENGINE, model: this.options.model, system, user, schema, signal });
  }
}
