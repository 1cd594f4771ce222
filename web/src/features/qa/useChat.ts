import { useEffect } from 'react';
import { useChatStore, type AskScope, type ChatPlace } from './ChatProvider';

export type { AskScope } from './ChatProvider';

/**
 * The conversation about one scope. It is held by the ChatProvider above the routes, so it
 * outlives the Q&A page for the rest of the visit; opening another scope clears it (docs/product.md#states), and nothing is stored, so a new visit starts empty.
 */
export function useChat(scope: AskScope, place: ChatPlace) {
  const { key, open, messages, pending, ask } = useChatStore(scope);
  const { sessionId, campaignId } = place;
  useEffect(() => open(key, { sessionId, campaignId }), [open, key, sessionId, campaignId]);
  return { messages, pending, ask };
}
