import type OpenAI from 'openai';
import { z } from 'zod';
import { chatJson } from '../openai-compatible';
import { createOpenAIClient, type OpenAICompatibleOptions } from '../../adapters/openai/openai-client';
import { withReasons } from './line-rules';
import type { ClassifyOptions, TableTalkClassifier, TableTalkLabel } from './table-talk';

export interface OpenAIClassifierOptions extends OpenAICompatibleOptions {
  model: string;
  /** Lines per request: enough context to tell a joke from a scene, small enough to answer reliably. */
  batchSize?: number;
}

const SYSTEM = [
  'You label lines from the transcript of a tabletop role-playing game session.',
  'Table talk is anything outside the game: food and drinks, scheduling, phones and calls, breaks,',
  'looking up rules outside play, equipment, jokes and chat about real life.',
  'In-game lines are narration, characters speaking, actions, and dice or rules used in play',
  '("roll initiative", "that is 12 damage").',
  'Reply with a JSON object {"labels": [{"line": <number>, "table_talk": <probability 0..1>}]}',
  'with exactly one entry per input line, in order.',
].join(' ');

function replySchema(count: number) {
  return z
    .object({ labels: z.array(z.object({ line: z.number().int(), table_talk: z.number().min(0).max(1) })) })
    .refine((r) => r.labels.length === count, `expected ${count} labels`)
    .refine((r) => r.labels.every((l, i) => l.line === i + 1), 'labels must be numbered 1..n in order');
}

/** Table-talk filter that asks an OpenAI-compatible chat model, batch by batch. */
/** Who spoke, as the model reads it before a line (the GM's lines are mostly narration). */
const WHO = { gm: 'GM: ', player: 'Player: ', none: '' } as const;

export class OpenAITableTalkClassifier implements TableTalkClassifier {
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAIClassifierOptions) {
    this.client = createOpenAIClient(options);
  }

  async classify(lines: string[], { signal, speakers = [] }: ClassifyOptions = {}): Promise<TableTalkLabel[]> {
    const size = this.options.batchSize ?? 40;
    const labels: TableTalkLabel[] = [];
    for (let start = 0; start < lines.length; start += size) {
      const batch = lines.slice(start, start + size);
      const reply = await chatJson(this.client, {
        engine: 'openai-table-talk',
        model: this.options.model,
        system: SYSTEM,
        user: batch
          .map((text, i) => `${i + 1}. ${WHO[speakers[start + i] ?? 'none']}${text.replace(/\s+/g, ' ')}`)
          .join('\n'),
        schema: replySchema(batch.length),
        signal,
      });
      labels.push(...reply.labels.map((l) => ({ tableTalk: l.table_talk >= 0.5, score: l.table_talk })));
    }
    // The model says whether, the topic's words say why, as for the offline classifier.
    return withReasons(lines, labels);
  }
}
