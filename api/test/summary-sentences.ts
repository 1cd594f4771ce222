import { sentencesOf } from '../src/engines/summaries/story-sentences';

/**
 * A summary's sentences as told: its paragraphs' text (the whole of a plain-text brief), without
 * the scene labels ("<strong>Scene 1.</strong>") a paragraph may open with; headings and the
 * "With:" lists left out.
 */
export function toldIn(summary: string | null | undefined): string[] {
  const html = summary ?? '';
  const paragraphs = /<p>/.test(html) ? [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => m[1]) : [html];
  return paragraphs.flatMap((p) =>
    sentencesOf(
      p
        .replace(/<strong>[^<]*<\/strong>/g, ' ')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** A summary's HTML as the words a reader sees (tags as spaces, quotes and ampersands unescaped). */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The sentences a summary is made of, in order. */
export function sentencesIn(summary: string): string[] {
  return plainText(summary)
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
