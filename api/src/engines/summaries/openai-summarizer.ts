import type OpenAI from 'openai';
import { z } from 'zod';
import { findNames } from '../campaign-index/find-names';
import { chatJson } from '../openai-compatible';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
import { clock } from '../text/clock';
import { shorten } from '../text/shorten';
import type { Recap, RecapScene, RecapSentence } from './recap';
import { buildRecap } from './recap-builder';
import { escape, renderRecap } from './recap-render';
import {
  VERY_SHORT_MAX,
  type SummarizeOptions,
  type Summaries,
  type Summarizer,
  type SummaryContext,
  type SummaryInput,
} from './summarizer';

export interface OpenAISummarizerOptions extends OpenAICompatibleOptions {
  model: string;
  /** Transcript characters per request (within the model's context); a longer scene is sent in parts. */
  maxChunkChars?: number;
}

const ENGINE = 'openai-summary';

const MAP_SYSTEM = [
  'You retell one scene of a tabletop role-playing game session from its transcript lines, which are numbered.',
  'Write one to three sentences of what happened in the story: where the party is, whom they meet, what they do,',
  'find or decide. Past or present tense, third person, naming the characters; lines without a speaker are the',
  'game master narrating. Use only names written in these lines; leave out anything said outside the game.',
  'Each sentence cites the numbers of the lines it tells. Reply with a JSON object',
  '{"sentences": [{"text": "<sentence>", "lines": [<line numbers>]}]}.',
].join(' ');

const REDUCE_SYSTEM = [
  'You write the "previously on" of a tabletop role-playing game session from its numbered scenes.',
  'Write three to six sentences that follow the main scenes in order, third person, using only the names the',
  'scenes use; each sentence names the scene it tells. Reply with a JSON object',
  '{"brief": [{"text": "<sentence>", "scene": <scene number>}], "very_short": "<one line of at most',
  `${VERY_SHORT_MAX} characters>"}.`,
].join(' ');

const sceneSchema = z.object({
  sentences: z.array(z.object({ text: z.string().trim().min(1), lines: z.array(z.number().int()).min(1) })).max(6),
});
const briefSchema = z.object({
  brief: z
    .array(z.object({ text: z.string().trim().min(1), scene: z.number().int() }))
    .min(1)
    .max(8),
  very_short: z.string().trim().min(1),
});

/** The campaign's cast and names, told to the model so it names characters and spells names as the group does. */
function withContext(system: string, context?: SummaryContext): string {
  const parts = [system];
  if (context?.cast.length) parts.push(`The player characters: ${context.cast.join(', ')}.`);
  if (context?.vocabulary.length)
    parts.push(`Names in this campaign, spelled as the group spells them: ${context.vocabulary.join(', ')}.`);
  if (context?.language && context.language !== 'en')
    parts.push(`The session is spoken in the language with code "${context.language}": write in that language.`);
  return parts.join('\n');
}

/** Whether every name a sentence says is written in the given texts (the scene's lines, the cast). */
const namesOnlyFrom = (sentence: string, said: string) =>
  findNames(sentence)
    .filter((m) => !m.weak)
    .every((m) => said.includes(m.text.replace(/^the\s+/i, '')));

/**
 * Recaps from an OpenAI-compatible chat model on the offline recap's scenes: each scene retold from
 * its numbered lines, each sentence citing its lines, then the brief from the scene texts. A sentence
 * naming what its scene never says, or citing lines outside it, is dropped (a scene left empty keeps
 * the offline sentences), so the model cannot invent or misplace; requests carry cast and vocabulary.
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
    const lines = segments.filter((s) => s.text.trim());
    const backbone = buildRecap(lines, context);
    if (!backbone.scenes.length)
      return { brief: '', moderate: '', detailed: '', veryShort: '', recap: backbone, writer };
    const cast = (context?.cast ?? []).join(' ');
    const scenes: RecapScene[] = [];
    for (const [i, scene] of backbone.scenes.entries()) {
      const next = backbone.scenes[i + 1]?.startMs ?? Infinity;
      const own = lines.filter((l) => l.startMs >= scene.startMs && l.startMs < next);
      const happened = await this.writeScene(own, i, backbone.scenes.length, cast, context, signal);
      scenes.push({ ...scene, happened: happened.length ? happened : scene.happened });
    }
    const recap: Recap = { scenes, threads: backbone.threads };
    const rendered = renderRecap(recap, context?.language);
    const written = await this.writeBrief(scenes, lines, cast, context, signal);
    return {
      ...rendered,
      ...(written && { brief: written.brief, veryShort: written.veryShort }),
      recap,
      writer,
    };
  }

  /** One scene's sentences, written from its own lines in parts of at most maxChunkChars; the guard applied. */
  private async writeScene(
    own: SummaryInput[],
    index: number,
    count: number,
    cast: string,
    context: SummaryContext | undefined,
    signal?: AbortSignal,
  ): Promise<RecapSentence[]> {
    const numbered = own.map(
      (l, n) => `[${n + 1}] ${clock(l.startMs)} ${l.speaker ? `${l.speaker}: ` : ''}${l.text.trim()}`,
    );
    const said = `${cast} ${own.map((l) => `${l.speaker ?? ''} ${l.text}`).join(' ')}`;
    const sentences: RecapSentence[] = [];
    let part: string[] = [];
    const send = async () => {
      if (!part.length) return;
      const header = `Scene ${index + 1} of ${count}, from ${clock(own[0].startMs)}:`;
      const reply = await this.ask(
        withContext(MAP_SYSTEM, context),
        `${header}\n${part.join('\n')}`,
        sceneSchema,
        signal,
      );
      for (const s of reply.sentences) {
        const cited = s.lines.filter((n) => n >= 1 && n <= own.length);
        if (cited.length !== s.lines.length || !namesOnlyFrom(s.text, said)) continue;
        const ids = cited.flatMap((n) => (own[n - 1].id ? [own[n - 1].id!] : []));
        sentences.push({ text: s.text, lineIds: ids, startMs: own[Math.min(...cited) - 1].startMs });
      }
      part = [];
    };
    for (const line of numbered) {
      if (part.length && part.join('\n').length + line.length > this.maxChunkChars) await send();
      part.push(line);
    }
    await send();
    return sentences.slice(0, 3);
  }

  /** The brief from the scene texts, each sentence linked through the scene it names; null when none survives. */
  private async writeBrief(
    scenes: RecapScene[],
    lines: SummaryInput[],
    cast: string,
    context: SummaryContext | undefined,
    signal?: AbortSignal,
  ): Promise<{ brief: string; veryShort: string } | null> {
    const told = scenes.map(
      (s, i) =>
        `Scene ${i + 1} (${s.title}${s.main ? ', a main scene' : ''}): ${s.happened.map((h) => h.text).join(' ')}`,
    );
    const reply = await this.ask(
      withContext(REDUCE_SYSTEM, context),
      `Scenes:\n${told.join('\n')}`,
      briefSchema,
      signal,
    );
    const kept = reply.brief.filter((b) => {
      const scene = scenes[b.scene - 1];
      if (!scene) return false;
      const end = scenes[b.scene]?.startMs ?? Infinity;
      const said = lines
        .filter((l) => l.startMs >= scene.startMs && l.startMs < end)
        .map((l) => `${l.speaker ?? ''} ${l.text}`);
      return namesOnlyFrom(b.text, `${cast} ${said.join(' ')}`);
    });
    if (!kept.length) return null;
    return { brief: escape(kept.map((b) => b.text).join(' ')), veryShort: shorten(reply.very_short, VERY_SHORT_MAX) };
  }

  private ask<T>(system: string, user: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return chatJson(this.client, { engine: ENGINE, model: this.options.model, system, user, schema, signal });
  }
}
