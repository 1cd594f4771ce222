import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** What the chat asks about: one session (with the campaign holding it) or a whole campaign. */
export type Scope =
  | { kind: 'session'; sessionId: string; campaignId: string | null }
  | { kind: 'campaign'; campaignId: string }
  | { kind: 'none' };

/**
 * The scope lives in the URL as the archive's selection does (transcript_id, campaign_id), so a
 * link from the archive opens the same chat; it is written by replacement so picking sessions
 * does not fill the browser history (docs/product.md#states).
 */
export function useQaScope() {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('transcript_id');
  const campaignId = params.get('campaign_id');
  const scope: Scope = sessionId
    ? { kind: 'session', sessionId, campaignId }
    : campaignId
      ? { kind: 'campaign', campaignId }
      : { kind: 'none' };

  const select = useCallback(
    (next: { sessionId: string | null; campaignId: string }) => {
      const query: Record<string, string> = {};
      if (next.sessionId) query.transcript_id = next.sessionId;
      query.campaign_id = next.campaignId;
      setParams(query, { replace: true });
    },
    [setParams],
  );

  return { scope, select };
}

/** Identifies a scope, so the chat can start afresh whenever it changes. */
export function scopeKey(scope: Scope): string {
  if (scope.kind === 'session') return `session:${scope.sessionId}`;
  if (scope.kind === 'campaign') return `campaign:${scope.campaignId}`;
  return 'none';
}

/** /archive opened at the same session or campaign. */
export function archiveHref(scope: Scope): string {
  const query = new URLSearchParams();
  if (scope.kind === 'session') query.set('transcript_id', scope.sessionId);
  if (scope.kind !== 'none' && scope.campaignId) query.set('campaign_id', scope.campaignId);
  return `/archive?${query.toString()}`;
}
