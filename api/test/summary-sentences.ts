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
