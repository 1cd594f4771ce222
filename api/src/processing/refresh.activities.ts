import type { SessionRef, SummaryRefreshActivities } from '@questlog/workflows';
import { saveStatus, type ProcessingDeps } from './activity-runtime';

/**
 * The session's visible state around a summary refresh: it stays READY (its texts stay readable and
 * editable) with stage `summarize` while the summaries are written again, published like any stage.
 */
export function refreshActivities(deps: ProcessingDeps): SummaryRefreshActivities {
  return {
    async beginSummaryRefresh({ sessionId }: SessionRef): Promise<void> {
      await saveStatus(deps, sessionId, { stage: 'summarize' });
    },

    async endSummaryRefresh({ sessionId }: SessionRef): Promise<void> {
      if (!(await deps.services().sessionState.exists(sessionId))) return;
      await saveStatus(deps, sessionId, { stage: null });
    },
  };
}
