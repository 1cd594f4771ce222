import type OpenAI from 'openai';
import { z } from 'zod';
import { chatJson } from '../openai-compatible';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
import { shorten } from '../text/shorten';
import type { EntryEvidence, MemoryWriter, SessionStory, WrittenThread } from './memory-writer';

export interface OpenAIMemoryWriterOptions extends OpenAICompatibleOptions {
  model: string;
  /** Entries per request: a reply stays short enough to come back whole. */
  batchSize?: number;
}

const ENGINE = 'openai-campaign-memory';
const DESCRIPTION_MAX = 280;
/** What a threads request reads: the latest sessions' stories, newest kept when a campaign is long. */
const STORY_CHARS_MAX = 60_000;

const DESCRIBE_SYSTEM = [
  'You keep the wiki of a tabletop role-playing campaign. For each entry (a person, place, item,',
  'faction or quest of the story) write one or two sentences saying who or what it is and its part',
  'in the story, using only the quoted sentences. Keep names exactly as written; invent nothing.',
  'Reply with a JSON object {"descriptions": {"<key>": "<description>", ...}} with every key given.',
].join(' ');

const THREADS_SYSTEM = [
  'You keep the "previously on..." notes of a tabletop role-playing campaign. From the sessions,',
  'in the order they were played, list the quests the party took on and the promises made that',
  'are still open at the end: not completed, not abandoned, not settled by a later session. Each',
  'is one short sentence naming who asked or promised what. Use only what the sessions say.',
  'Reply with a JSON object {"threads": [{"kind": "quest" | "promise", "text": "<sentence>",',
  '"session": <number of the session it came up in>}]}; an empty list when nothing is open.',
].join(' ');

const descriptionsSchema = z.object({ descriptions: z.record(z.string(), z.string()) });
const threadsSchema = z.object({
  threads: z.array(
    z.object({
      kind: z.enum(['quest', 'promise']),
      text: z.string().trim().min(1),
      session: z.number().int().min(1),
    }),
  ),
});

/** Descriptions and open threads from an OpenAI-compatible chat model. */
export class OpenAIMemoryWriter implements MemoryWriter {
  private readonly client: OpenAI;
  private readonly batchSize: number;

  constructor(private readonly options: OpenAIMemoryWriterOptions) {
    this.client = createOpenAIClient(options);
    this.batchSize = options.batchSize ?? 20;
  }

  async describe(entries: EntryEvidence[], { signal }: { signal?: AbortSignal } = {}): Promise<Map<string, string>> {
    const written = new Map<string, string>();
    const withEvidence = entries.filter((e) => e.evidence.length);
    for (let i = 0; i < withEvidence.length; i += this.batchSize) {
      const batch = withEvidence.slice(i, i + this.batchSize);
      const user = batch
        .map((e) => `Entry "${e.key}": ${e.name} (${e.kind})\n${e.evidence.map((s) => `- ${s}`).join('\n')}`)
        .join('\n\n');
      const reply = await this.ask(DESCRIBE_SYSTEM, user, descriptionsSchema, signal);
      // Keys the model made up are dropped; an entry it skipped keeps its extractive description.
      for (const e of batch) {
        const text = reply.descriptions[e.key]?.replace(/\s+/g, ' ').trim();
        if (text) written.set(e.key, shorten(text, DESCRIPTION_MAX));
      }
    }
    return written;
  }

  async openThreads(sessions: SessionStory[], { signal }: { signal?: AbortSignal } = {}): Promise<WrittenThread[]> {
    const told = sessions
      .map((s, i) => ({ summary: s.summary.trim(), text: `Session ${i + 1}: ${s.title}\n${s.summary.trim()}` }))
      .filter((s) => s.summary);
    const kept: typeof told = [];
    let chars = 0;
    for (const s of [...told].reverse()) {
      if (kept.length && chars + s.text.length > STORY_CHARS_MAX) break;
      kept.unshift(s);
      chars += s.text.length;
    }
    if (!kept.length) return [];
    const reply = await this.ask(THREADS_SYSTEM, kept.map((s) => s.text).join('\n\n'), threadsSchema, signal);
    return reply.threads
      .filter((t) => t.session <= sessions.length)
      .map((t) => ({
        kind: t.kind,
        text: shorten(t.text.replace(/\s+/g, ' '), DESCRIPTION_MAX),
        session: t.session - 1,
      }));
  }

  private ask<T>(system: string, user: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
    return chatJson(this.client, { engine: ENGINE, model: this.options.model, system, user, schema, signal });
  }
}
