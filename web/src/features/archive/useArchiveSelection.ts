import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface Selection {
  campaignId: string | null;
  sessionId: string | null;
}

/**
 * The archive's selection lives in the URL (transcript_id, campaign_id), always written by
 * replacement so picking sessions does not fill the history (spec section 4).
 */
export function useArchiveSelection() {
  const [params, setParams] = useSearchParams();
  const selection: Selection = {
    campaignId: params.get('campaign_id'),
    sessionId: params.get('transcript_id'),
  };

  const select = useCallback(
    (next: Selection) => {
      const query: Record<string, string> = {};
      if (next.sessionId) query.transcript_id = next.sessionId;
      if (next.campaignId) query.campaign_id = next.campaignId;
      setParams(query, { replace: true });
    },
    [setParams],
  );

  return { selection, select };
}
