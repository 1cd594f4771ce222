import { buildRecap } from './recap-builder';
import { renderRecap } from './recap-render';
import type { SummarizeOptions, Summaries, Summarizer, SummaryInput } from './summarizer';

/**
 * Offline recaps by extraction: the night cut into scenes, each told by the sentences of its lines
 * that cover the most of its names and events (recap-builder.ts), every sentence retold in the
 * third person and linked to its line; the three summaries are rendered from that recap.
 */
export class ExtractiveSummarizer implements Summarizer {
  async summarize(segments: SummaryInput[], { context }: SummarizeOptions = {}): Promise<Summaries> {
    const recap = buildRecap(segments, context);
    return { ...renderRecap(recap, context?.language), recap, writer: { kind: 'offline' } };
  }
}
