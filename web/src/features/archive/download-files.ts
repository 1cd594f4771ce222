import { downloadName, stripHtml } from '../../lib/download';
import { VIEW_KINDS, VIEW_LABELS, type ViewKind } from './content-kinds';

export type FileFormat = 'txt' | 'md';
export type FileKind = ViewKind | 'all';

/** A piece of a transcript: a session's is one without a heading, a campaign's one per session. */
export interface TranscriptPart {
  heading: string | null;
  text: string;
}

/** What the Download menu saves: the summaries as stored (they may hold HTML) and the transcript, read when asked for. */
export interface Downloadable {
  title: string;
  summaries: Record<Exclude<ViewKind, 'full'>, string>;
  transcript: () => Promise<TranscriptPart[]>;
}

/** Text that starts a Markdown block (a heading, quote, list) is escaped, so a line stays a line of text. */
const escapeLine = (line: string) => line.replace(/^(\s*)([#>+*-]|\d+[.)])/, '$1\\$2');

/** Each line its own paragraph: Markdown joins lines that follow one another. */
const markdown = (text: string) =>
  text
    .split(/\n+/)
    .filter((l) => l.trim())
    .map(escapeLine)
    .join('\n\n');

function transcriptText(parts: readonly TranscriptPart[], format: FileFormat, level: number): string {
  return parts
    .map(({ heading, text }) => {
      const body = stripHtml(text);
      if (format === 'txt') return heading ? `${heading}\n\n${body}` : body;
      return `${heading ? `${'#'.repeat(level)} ${heading}\n\n` : ''}${markdown(body)}`;
    })
    .join('\n\n');
}

async function body(d: Downloadable, kind: ViewKind, format: FileFormat, level: number): Promise<string> {
  if (kind === 'full') return transcriptText(await d.transcript(), format, level);
  const text = stripHtml(d.summaries[kind]);
  return format === 'txt' ? text : markdown(text);
}

/**
 * One file of the menu: a summary or the transcript on its own (docs/product.md#plans-and-limits's name and plain
 * text for .txt, tags stripped; Markdown with a heading for .md), or all of them in one file, each
 * under its heading; a kind with no text yet is left out of that one.
 */
export async function downloadFile(
  d: Downloadable,
  kind: FileKind,
  format: FileFormat,
): Promise<{ name: string; text: string }> {
  const name = downloadName(d.title, kind, format);
  if (kind !== 'all') {
    const text = await body(d, kind, format, 2);
    return { name, text: format === 'md' ? `# ${d.title}: ${VIEW_LABELS[kind]}\n\n${text}\n` : text };
  }
  const sections: string[] = [];
  for (const k of VIEW_KINDS) {
    const text = await body(d, k, format, 3);
    if (!text.trim()) continue;
    sections.push(format === 'md' ? `## ${VIEW_LABELS[k]}\n\n${text}` : `${VIEW_LABELS[k].toUpperCase()}\n\n${text}`);
  }
  const text = format === 'md' ? `# ${d.title}\n\n${sections.join('\n\n')}\n` : sections.join('\n\n\n');
  return { name, text };
}
