import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { badInput } from '../kernel/errors';
import { isoDay, type SessionSummaryField } from '../modules/sessions';
import { LONG_SESSION_FIELDS } from '../modules/campaigns';
import { playLink, type McpContext } from './mcp-context';
import { id, MCP_MESSAGES, oneScope } from './scope';
import { READ_ONLY, runTool, structured } from './tool-result';

const SESSION_LEVELS: Record<string, SessionSummaryField> = {
  one_line: 'summaryVeryShort',
  brief: 'briefSummary',
  moderate: 'moderateSummary',
  detailed: 'detailedSummary',
};
const CAMPAIGN_LEVELS = { brief: 'briefSummary', moderate: 'moderateSummary', detailed: 'detailedSummary' } as const;

/** list_campaigns, list_sessions, get_summary and recap: reads of the campaign and session services. */
export function registerCampaignTools(server: McpServer, ctx: McpContext): void {
  const { services, viewer } = ctx;

  server.registerTool(
    'list_campaigns',
    {
      title: 'List campaigns',
      description: 'The campaigns you own and those shared with you, with your role in each.',
      outputSchema: {
        campaigns: z.array(z.object({ id: z.string(), title: z.string(), role: z.enum(['OWNER', 'RECIPIENT']) })),
      },
      annotations: READ_ONLY,
    },
    () =>
      runTool('list_campaigns', async () => {
        const own = await services.campaigns.listOwn(viewer);
        const received = await services.shares.listReceived(viewer);
        const campaigns = [
          ...own.map((c) => ({ id: c.id, title: c.title, role: 'OWNER' as const })),
          ...received.map(({ campaign }) => ({
            id: campaign.id,
            title: campaign.getEntity().title,
            role: 'RECIPIENT' as const,
          })),
        ];
        return structured({ campaigns });
      }),
  );

  server.registerTool(
    'list_sessions',
    {
      title: 'List sessions',
      description: "A campaign's sessions, oldest first, each with the day it was played and its one-line summary.",
      inputSchema: { campaignId: id('campaign') },
      outputSchema: {
        sessions: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            playedOn: z.string(),
            status: z.string(),
            oneLine: z.string(),
          }),
        ),
      },
      annotations: READ_ONLY,
    },
    ({ campaignId }) =>
      runTool('list_sessions', async () => {
        const { campaign, role } = await services.campaigns.read(viewer, campaignId);
        const sessions = (await services.campaigns.sessionsOf(campaign, LONG_SESSION_FIELDS)).map((s) => ({
          id: s.id,
          title: s.title,
          playedOn: s.playedOn ?? isoDay(s.createdAt),
          status: s.status,
          oneLine: services.sessions.summary(s, role, 'summaryVeryShort'),
        }));
        return structured({ sessions });
      }),
  );

  server.registerTool(
    'get_summary',
    {
      title: 'Get a summary',
      description:
        'The summary of one session (levels one_line, brief, moderate, detailed) or of a whole campaign ' +
        '(brief, moderate, detailed). Give exactly one of sessionId and campaignId. Summaries may hold HTML.',
      inputSchema: {
        sessionId: id('session').optional(),
        campaignId: id('campaign').optional(),
        level: z.enum(['one_line', 'brief', 'moderate', 'detailed']).default('brief'),
      },
      outputSchema: { title: z.string(), level: z.string(), summary: z.string() },
      annotations: READ_ONLY,
    },
    ({ sessionId, campaignId, level }) =>
      runTool('get_summary', async () => {
        const scope = oneScope(sessionId, campaignId);
        if (scope.sessionId) {
          const { session, role } = await services.sessions.read(viewer, scope.sessionId);
          return structured({
            title: session.title,
            level,
            summary: services.sessions.summary(session, role, SESSION_LEVELS[level]),
          });
        }
        if (level === 'one_line') throw badInput(MCP_MESSAGES.noCampaignOneLine, 'level');
        const { campaign } = await services.campaigns.read(viewer, scope.campaignId);
        const { texts } = await services.campaignSummaries.get(viewer, campaign.id);
        return structured({ title: campaign.title, level, summary: texts[CAMPAIGN_LEVELS[level]] });
      }),
  );

  server.registerTool(
    'recap',
    {
      title: 'Previously on…',
      description:
        'A campaign\'s "previously on" for the next game night: the last session played in brief, and the quests and ' +
        'promises still open, each with a link that plays where it was said.',
      inputSchema: { campaignId: id('campaign') },
      outputSchema: {
        lastSession: z.object({ id: z.string(), title: z.string() }).nullable(),
        briefSummary: z.string(),
        openThreads: z.array(
          z.object({
            kind: z.string(),
            text: z.string(),
            sessionId: z.string(),
            sessionTitle: z.string(),
            link: z.string(),
          }),
        ),
      },
      annotations: READ_ONLY,
    },
    ({ campaignId }) =>
      runTool('recap', async () => {
        const recap = await services.campaignIndex.recap(viewer, campaignId);
        return structured({
          lastSession: recap.lastSession,
          briefSummary: recap.briefSummary,
          openThreads: recap.openThreads.map((t) => ({
            kind: t.kind,
            text: t.text,
            sessionId: t.session.id,
            sessionTitle: t.session.title,
            link: playLink(ctx, t.session.id, t.startMs),
          })),
        });
      }),
  );
}
