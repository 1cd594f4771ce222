import { nothingFound, timestamp, type AnswerDraft, type Answerer, type AnswerRequest } from './answerer';

/**
 * The offline engine: answers with the retrieved passages themselves, quoted with their session
 * title and timestamp. It states nothing the transcript does not say, word for word.
 */
export class QuotingAnswerer implements Answerer {
  answer({ passages, scope }: AnswerRequest): Promise<AnswerDraft> {
    if (!passages.length) return Promise.resolve(nothingFound(scope));
    const lines = passages.map((p) => `“${p.text}” (${p.sessionTitle}, ${timestamp(p.startMs)})`);
    const lead = passages.length === 1 ? 'The transcript says:' : 'These passages of the transcripts are about that:';
    return Promise.resolve({ text: [lead, ...lines].join('\n\n'), found: true, citations: passages });
  }
}
