import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { clock } from '../engines/text/clock';
import { playLink, type McpContext } from './mcp-context';
import { id } from './scope';
import { READ_ONLY, runTool, structured } from './tool-result';

const sentence = z.object({ text: z.string(), at: z.string(), link: z.string() });

/** get_scenes: a session's recap as scenes, each sentence with a link that plays where it was said. */
export function registerSceneTools(server: McpServer, ctx: McpContext): void {
  const { services, viewer } = ctx;
  server.registerTool(
    'get_scenes',
    {
      title: "A session's scenes",
      description:
        'The night as scenes in order: where, who took part, whom they met, what happened and what was found or ' +
        'decided, every sentence with its time and a link that plays it; then the threads left open.',
      inputSchema: { sessionId: id('session') },
      outputSchema: {
        title: z.string(),
        scenes: z.array(
          z.object({
            title: z.string(),
            start: z.string(),
            end: z.string(),
            where: z.array(z.string()),
            people: z.array(z.string()),
            met: z.array(z.string()),
            happened: z.array(sentence),
            found: z.array(sentence),
          }),
        ),
        threads: z.array(sentence),
      },
      annotations: READ_ONLY,
    },
    ({ sessionId }) =>
      runTool('get_scenes', async () => {
        const { session, role } = await services.sessions.read(viewer, sessionId);
        const recap = await services.sessions.recap(session, role);
        const told = (s: { text: string; startMs: number }) => ({
          text: s.text,
          at: clock(s.startMs, 1),
          link: playLink(ctx, session.id, s.startMs),
        });
        return structured({
          title: session.title,
          scenes: (recap?.scenes ?? []).map((scene) => ({
            title: scene.title,
            start: clock(scene.startMs, 1),
            end: clock(scene.endMs, 1),
            where: scene.where,
            people: scene.people,
            met: scene.met,
            happened: scene.happened.map(told),
            found: scene.found.map(told),
          })),
          threads: (recap?.threads ?? []).map(told),
        });
      }),
  );
}
