import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { clock } from '../engines/text/clock';
import { QUESTION_MAX } from '../modules/qa';
import { playLink, type McpContext } from './mcp-context';
import { id, oneScope } from './scope';
import { findLines, SEARCH_MAX } from './transcript-search';
import { READ_ONLY, runTool, structured } from './tool-result';
import { findIndexEntry } from './index-entry';

const foundLine = z.object({
  sessionId: z.string(),
  sessionTitle: z.string(),
  lineId: z.string(),
  startMs: z.number(),
  time: z.string(),
  speaker: z.string().nullable().describe('Who spoke it, as the cast names them; null where unknown'),
  text: z.string(),
  tableTalk: z.boolean(),
  link: z.string(),
});

/** search_transcript, ask and get_index_entry: the transcript, Q&A and index services, as the caller may read them. */
export function registerSearchTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    'search_transcript',
    {
      title: 'Search transcripts',
      description:
        'Transcript lines of one session or a whole campaign that hold every word of the query, in play order, ' +
        'each with its time and a link that plays it in Questlog. Give exactly one of sessionId and campaignId.',
      inputSchema: {
        query: z.string().trim().min(1).max(200),
        sessionId: id('session').optional(),
        campaignId: id('campaign').optional(),
        limit: z.number().int().min(1).max(SEARCH_MAX).default(20),
      },
      outputSchema: { lines: z.array(foundLine), total: z.number() },
      annotations: READ_ONLY,
    },
    ({ query, sessionId, campaignId, limit }) =>
      runTool('search_transcript', async () => {
        const found = await findLines(ctx, oneScope(sessionId, campaignId), query);
        const lines = [];
        for (const { session, line } of found.slice(0, limit)) {
          lines.push({
            sessionId: session.id,
            sessionTitle: session.title,
            lineId: line.id,
            startMs: line.startMs,
            time: clock(line.startMs, 1),
            speaker: (await ctx.services.cast.speakerOf(line))?.displayName ?? null,
            text: line.text,
            tableTalk: line.tableTalk,
            link: playLink(ctx, session.id, line.startMs),
          });
        }
        return structured({ lines, total: found.length });
      }),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask the campaign',
      description:
        'A question about one session or a whole campaign, answered from its lines with citations (the same answer ' +
        'as the Q&A page; in-game lines first, a table-talk one labelled as said at the table), or declined when ' +
        'the sessions do not hold it. Needs the Q&A plan.',
      inputSchema: {
        question: z.string().max(QUESTION_MAX),
        sessionId: id('session').optional(),
        campaignId: id('campaign').optional(),
      },
      outputSchema: {
        text: z.string(),
        found: z.boolean(),
        citations: z.array(
          z.object({
            sessionId: z.string(),
            sessionTitle: z.string(),
            startMs: z.number(),
            time: z.string(),
            quote: z.string(),
            tableTalk: z.boolean(),
            link: z.string(),
          }),
        ),
      },
      annotations: READ_ONLY,
    },
    ({ question, sessionId, campaignId }) =>
      runTool('ask', async () => {
        const answer = await ctx.services.qa.ask(ctx.viewer, { question, sessionId, campaignId });
        return structured({
          text: answer.text,
          found: answer.found,
          citations: answer.citations.map((c) => ({
            sessionId: c.sessionId,
            sessionTitle: c.sessionTitle,
            startMs: c.startMs,
            time: clock(c.startMs, 1),
            quote: c.quote,
            tableTalk: c.tableTalk,
            link: playLink(ctx, c.sessionId, c.startMs),
          })),
        });
      }),
  );

  server.registerTool(
    'get_index_entry',
    {
      title: 'Look up the campaign index',
      description:
        "A person, place or thing from a campaign's index by name (or another spelling of it): what the sessions say " +
        'about it and where they mention it, each mention with a link that plays it.',
      inputSchema: { campaignId: id('campaign'), name: z.string().trim().min(1).max(120) },
      outputSchema: {
        name: z.string(),
        kind: z.string(),
        description: z.string(),
        notes: z.string(),
        variants: z.array(z.string()),
        mentionCount: z.number(),
        mentions: z.array(foundLine.omit({ lineId: true, tableTalk: true, speaker: true })),
      },
      annotations: READ_ONLY,
    },
    ({ campaignId, name }) =>
      runTool('get_index_entry', async () => structured(await findIndexEntry(ctx, campaignId, name))),
  );
}
