import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface Selection {
  campaignId: string | null;
  sessionId: string | null;
}

/** `t` holds a moment of the session in milliseconds (a Q&A citation's line); anything else is ignored. */
const parseTime = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;

/**
 * The archive's selection lives in the URL (transcript_id, campaign_id), always written by
 * replacement so picking sessions does not fill the history (docs/product.md#states). A link may add `t`
 * (ms): the session opens on its Full Transcript with the player there; the player then drops it
 * (`clearTime`), so a reload later does not rewind to it.
 */
export function useArchiveSelection() {
  const [params, setParams] = useSearchParams();
  const selection: Selection = {
    campaignId: params.get('campaign_id'),
    sessionId: params.get('transcript_id'),
  };
  const timeMs = selection.sessionId ? parseTime(params.get('t')) : null;

  const select = useCallback(
    (next: Selection) => {
      const query: Record<string, string> = {};
      if (next.sessionId) query.transcript_id = next.sessionId;
      if (next.campaignId) query.campaign_id = next.campaignId;
      setParams(query, { replace: true });
    },
    [setParams],
  );

  const clearTime = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('t');
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  return { selection, timeMs, select, clearTime };
}
