import { createElement, useMemo, type ReactNode } from 'react';

/** Formatting a summary may carry; anything else is shown as its text only. */
const ALLOWED = new Set('p br strong b em i u ul ol li h1 h2 h3 h4 blockquote code pre'.split(' '));

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const tag = node.tagName.toLowerCase();
  if (tag === 'script' || tag === 'style' || tag === 'template') return null;
  const children = Array.from(node.childNodes, toReact);
  // Attributes are dropped on purpose: no links, handlers or styles from shared content.
  if (ALLOWED.has(tag)) return createElement(tag, { key }, ...(tag === 'br' ? [] : children));
  return createElement('span', { key }, ...children);
}

/**
 * Summaries and transcripts are stored exactly as sent and may hold HTML, possibly from someone who
 * shared the campaign. They are parsed into an inert document and rebuilt from a short list of
 * formatting tags, never injected as markup.
 */
export function RichText({ html }: { html: string }) {
  const nodes = useMemo(
    () => Array.from(new DOMParser().parseFromString(html, 'text/html').body.childNodes, toReact),
    [html],
  );
  return <div className="rich-text">{nodes}</div>;
}
