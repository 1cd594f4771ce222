/** Elements after which the plain-text version keeps a line break, so paragraphs stay apart. */
const BLOCKS = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, tr';

/**
 * The text of an HTML fragment with every tag gone (docs/product.md#plans-and-limits). DOMParser builds an inert
 * document (no scripts run, nothing loads), and textContent is the browser's own tag stripping.
 */
export function stripHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Their text is code, not content.
  for (const code of doc.querySelectorAll('script, style, template')) code.remove();
  for (const br of doc.body.querySelectorAll('br')) br.replaceWith('\n');
  for (const block of doc.body.querySelectorAll(BLOCKS)) block.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * '{title with spaces turned to underscores}_{kind}.txt' (docs/product.md#plans-and-limits); the same name ends in .md
 * for Markdown, and `all` names the one file that holds every kind.
 */
export function downloadName(
  title: string,
  kind: 'brief' | 'moderate' | 'detailed' | 'full' | 'all',
  format: 'txt' | 'md' = 'txt',
): string {
  return `${title.replace(/ /g, '_')}_${kind}.${format}`;
}

/** Saves text (plain, or Markdown for a .md name) as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string): void {
  const type = fileName.endsWith('.md') ? 'text/markdown' : 'text/plain';
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the event loop moves on.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
