import type OpenAI from 'openai';
import { z } from 'zod';
import { EngineError } from '../engine-error';
import { chatJson } from '../openai/chat-json';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../openai/openai-client';
import { shorten } from '../text/shorten';
import { buildRecap } from './recap-builder';
import { sceneStarts } from './scenes';
import {
  VERY_SHORT_MAX,
  type SummarizeOptions,
  type Summaries,
  type Summarizer,
  type SummaryContext,
  type SummaryInput,
} from './summarizer';
import { tfIdfVectors } from './tf-idf';

export interface OpenAISummarizerOptions extends OpenAICompatibleOptions {
  model: string;
  /** Transcript characters per request (within the model's context); longer nights go scene by scene. */
  maxChunkChars?: number;
}

const ENGINE = 'openai-summary';

const MAP_SYSTEM = [
  'You take notes on some scenes of the transcript of a tabletop role-playing game session.',
  'For each scene write what happened in the story, in order: places, characters, decisions, fights, discoveries.',
  'Write in the third person about the characters; lines without a speaker are the game master narrating.',
  'Keep names exactly as written. Leave out anything said outside the game.',
  'Reply with a JSON object {"notes": "<your notes>"}.',
].join(' ');

const REDUCE_SYSTEM = [
  'You summarize a tabletop role-playing game session for its players, from its transcript or from',
  'notes on its scenes. Tell the story in the past tense and the third person, naming the characters;',
  'keep names exactly as written; never quote lines as "Name: words"; leave out anything said outside',
  'the game. Reply with a JSON object with four strings:',
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

/** Packs texts into pieces of at most `max` characters (a longer single text gets its own piece). */
function pack(texts: string[], max: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const text of texts) {
    if (current && current.length + 1 + text.length > max) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current}\n${text}` : text;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The campaign's cast and names, told to the model so it names characters and spells names as the group does. */
function withContext(system: string, context?: SummaryContext): string {
  const parts = [system];
  if (context?.cast.length) parts.push(`The player characters: ${context.cast.join(', ')}.`);
  if (context?.vocabulary.length)
    parts.push(`Names in this campaign, spelled as the group spells them: ${context.vocabulary.join(', ')}.`);
  return parts.join('\n');
}

/**
 * The night as scenes (scenes.ts: TextTiling over the lines), each a header with its start time
 * and its lines; a scene longer than one request is cut into parts at line ends.
 */
function scenesOf(lines: Array<{ text: string; startMs: number; line: string }>, max: number): string[] {
  const starts = sceneStarts(tfIdfVectors(lines.map((l) => l.text)));
  return starts.flatMap((start, i) => {
    const scene = lines.slice(start, starts[i + 1] ?? lines.length);
    const header = `## Scene ${i + 1} of ${starts.length}, from ${clock(scene[0].startMs)}`;
    return pack(
      scene.map((l) => l.line),
      max - header.length - 1,
    ).map((part) => `${header}\n${part}`);
  });
}

/**
 * Summaries from an OpenAI-compatible chat model. A transcript that fits one request is summarized
 * directly; a longer one (a four-hour night) is cut into scenes, mapped to notes a few whole scenes
 * per request (and notes again, until they fit), then reduced to the three lengths and the
 * one-liner. Every request carries the cast and the campaign's vocabulary.
 */
export class OpenAISummarizer implements Summarizer {
  private readonly client: OpenAI;
  private readonly maxChunkChars: number;

  constructor(private readonly options: OpenAISummarizerOptions) {
    this.client = createOpenAIClient(options);
    this.maxChunkChars = options.maxChunkChars ?? 24_000;
  }

  async summarize(segments: SummaryInput[], { signal, context }: SummarizeOptions = {}): Promise<Summaries> {
    const writer = { kind: 'model', model: this.options.model } as const;
    const lines = segments
      .filter((s) => s.text.trim())
      .map((s) => ({
        text: s.text,
        startMs: s.startMs,
        line: `[${clock(s.startMs)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text.trim()}`,
      }));
    const recap = buildRecap(segments, context);
    if (!lines.length) return { brief: '', moderate: '', detailed: '', veryShort: '', recap, writer };
    const whole = lines.map((l) => l.line).join('\n');
    let pieces =
      whole.length <= this.maxChunkChars ? [whole] : pack(scenesOf(lines, this.maxChunkChars), this.maxChunkChars);
    let kind = 'Transcript';
    while (pieces.length > 1) {
      const notes: string[] = [];
      for (const [i, piece] of pieces.entries()) {
        const reply = await this.ask(
          withContext(MAP_SYSTEM, context),
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
    const reply = await this.ask(
      withContext(REDUCE_SYSTEM, context),
      `${kind}:\n${pieces[0]}`,
      summariesSchema,
      signal,
    );
    return {
      brief: reply.brief,
      moderate: reply.moderate,
      detailed: reply.detailed,
      veryShort: shorten(reply.very_short, VERY_SHORT_MAX),
      recap,
      writer,
    };
  }

  private ask<T>(system: string, user: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return chatJson(this.client, { engine: ENGINE, model: this.options.model, system, user, schema, signal });
  }
}
