import type { SummaryInput } from './summarizer';

export interface Sentence {
  /** Position in the story, for putting picked sentences back in order. */
  index: number;
  text: string;
  startMs: number;
}

/**
 * Splits segments into sentences at terminal punctuation. Unpunctuated speech-to-text output (some
 * servers give none) keeps each segment whole, which the line splitting already makes utterance-sized.
 */
export function toSentences(segments: SummaryInput[]): Sentence[] {
  const sentences: Sentence[] = [];
  for (const segment of segments) {
    for (const part of segment.text.split(/(?<=[.!?…])["”')\]]*\s+/)) {
      const text = part.replace(/\s+/g, ' ').trim();
      if (text) sentences.push({ index: sentences.length, text, startMs: segment.startMs });
    }
  }
  return sentences;
}

/** Joins picked sentences as prose, closing unpunctuated ones with a full stop. */
export function joinSentences(sentences: Sentence[]): string {
  return sentences.map((s) => (/[.!?…]["”')\]]*$/.test(s.text) ? s.text : `${s.text}.`)).join(' ');
}
