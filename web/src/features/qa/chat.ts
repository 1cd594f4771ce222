import { clock } from '../../lib/clock';

/** A passage an answer rests on, as the api returns it (docs/qa-contract.md). */
export interface Citation {
  sessionId: string;
  sessionTitle: string;
  startMs: number;
  /** Where the passage ends: a citation's play button stops there. */
  endMs: number;
  quote: string;
}

/** docs/product.md#data: a chat message has content and a type, 'send' (the user's) or 'received'. */
export type ChatMessage =
  | { id: number; type: 'send'; content: string }
  | { id: number; type: 'received'; content: string; citations: readonly Citation[] };

/** A citation's label, on screen and in the download: session title and where the passage starts. */
export function citationLabel(citation: Citation): string {
  return `${citation.sessionTitle} ${clock(citation.startMs)}`;
}

/** The archive at the cited session, its Full Transcript open on the line with the player there (`t`). */
export function citationHref(citation: Citation, campaignId: string): string {
  const query = { transcript_id: citation.sessionId, campaign_id: campaignId, t: String(citation.startMs) };
  return `/archive?${new URLSearchParams(query).toString()}`;
}

/**
 * chat-history.txt (docs/product.md#plans-and-limits): one line per message, prefixed 'User: ' or 'AI: '. Line
 * breaks inside a message (Shift+Enter, multi-paragraph answers) become spaces so every line
 * still starts with its speaker; an answer's citations follow it in brackets.
 */
export function chatHistoryText(messages: readonly ChatMessage[]): string {
  const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();
  const lines = messages.map((m) =>
    m.type === 'send'
      ? `User: ${oneLine(m.content)}`
      : `AI: ${oneLine(m.content)}${m.citations.map((c) => ` [${citationLabel(c)}]`).join('')}`,
  );
  return `${lines.join('\n')}\n`;
}
