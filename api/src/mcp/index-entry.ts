import { clock } from '../engines/text/clock';
import { notFound } from '../kernel/errors';
import { ACCESS_MESSAGES } from '../policy/policy';
import { playLink, type McpContext } from './mcp-context';

/** Mentions one lookup lists; mentionCount says how many there are in all. */
const MENTIONS_SHOWN = 20;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The entry of a campaign's index named `name`: its name, the name found in the transcripts or one
 * of its spellings, else the first whose name holds it. The index service leaves out what the owner
 * hid and, for a recipient, what is GM-only; a name that is not there reads "not found" either way.
 */
export async function findIndexEntry(ctx: McpContext, campaignId: string, name: string) {
  const entries = await ctx.services.campaignIndex.entries(ctx.viewer, campaignId);
  const wanted = norm(name);
  const entry =
    entries.find((e) => [e.name, e.foundName, ...e.variants].some((n) => norm(n) === wanted)) ??
    entries.find((e) => norm(e.name).includes(wanted));
  if (!entry) throw notFound(ACCESS_MESSAGES.indexEntryNotFound);
  const mentions = await ctx.services.campaignIndex.mentionsOf(entry.id, MENTIONS_SHOWN);
  return {
    name: entry.name,
    kind: entry.kind as string,
    description: entry.description,
    notes: entry.notes,
    variants: entry.variants,
    mentionCount: entry.mentionCount,
    mentions: mentions.map((m) => ({
      sessionId: m.session.id,
      sessionTitle: m.session.title,
      startMs: m.startMs,
      time: clock(m.startMs, 1),
      text: m.lineText,
      link: playLink(ctx, m.session.id, m.startMs),
    })),
  };
}
