import { z } from 'zod';
import { badInput } from '../kernel/errors';

export const MCP_MESSAGES = {
  scopeMissing: 'Give a sessionId or a campaignId',
  scopeBoth: 'Give a sessionId or a campaignId, not both',
  noCampaignOneLine: 'A campaign has no one-line summary: ask for brief, moderate or detailed',
} as const;

/** Ids are opaque strings; the policy answers a malformed one exactly like an unknown one. */
export const id = (what: string) => z.string().max(100).describe(`The ${what}'s id`);

/** Exactly one of a session and a campaign, as the Q&A asks for its scope. */
export function oneScope(
  sessionId: string | undefined,
  campaignId: string | undefined,
): { sessionId: string; campaignId?: undefined } | { sessionId?: undefined; campaignId: string } {
  if (sessionId && campaignId) throw badInput(MCP_MESSAGES.scopeBoth, 'campaignId');
  if (sessionId) return { sessionId };
  if (campaignId) return { campaignId };
  throw badInput(MCP_MESSAGES.scopeMissing, 'sessionId');
}
