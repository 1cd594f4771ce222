/*
 * What a workflow did after a moment, from its Temporal history: each activity with when it was
 * scheduled, started and closed, and the signals it got. The api shows one stage line at a time;
 * the history says which step the time went to (a queue wait, ffmpeg, speech-to-text, …).
 */
import { Connection, WorkflowClient } from '@temporalio/client';

export interface TimelineEntry {
  workflowId: string;
  /** Activity type, or "signal <name>". */
  name: string;
  /** Epoch milliseconds; for a signal all three are its arrival. */
  scheduledAt: number;
  startedAt: number;
  closedAt: number;
}

type Timestamp = { seconds?: unknown; nanos?: number | null } | null | undefined;
const epochMs = (t: Timestamp) => Number(t?.seconds ?? 0) * 1000 + (t?.nanos ?? 0) / 1e6;

/** The activities that closed and the signals that arrived at or after `sinceMs`, in the workflows' latest runs. */
export async function workflowTimeline(
  temporalAddress: string,
  workflowIds: string[],
  sinceMs: number,
): Promise<TimelineEntry[]> {
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const client = new WorkflowClient({ connection });
    const entries: TimelineEntry[] = [];
    for (const workflowId of workflowIds) {
      const events = (await client.getHandle(workflowId).fetchHistory()).events ?? [];
      const byId = new Map(events.map((e) => [Number(e.eventId), e]));
      for (const e of events) {
        const at = epochMs(e.eventTime);
        const signal = e.workflowExecutionSignaledEventAttributes?.signalName;
        if (signal && at >= sinceMs) {
          entries.push({ workflowId, name: `signal ${signal}`, scheduledAt: at, startedAt: at, closedAt: at });
        }
        const closed =
          e.activityTaskCompletedEventAttributes ??
          e.activityTaskFailedEventAttributes ??
          e.activityTaskTimedOutEventAttributes ??
          e.activityTaskCanceledEventAttributes;
        if (!closed || at < sinceMs) continue;
        const scheduled = byId.get(Number(closed.scheduledEventId));
        entries.push({
          workflowId,
          name: scheduled?.activityTaskScheduledEventAttributes?.activityType?.name ?? '?',
          scheduledAt: epochMs(scheduled?.eventTime),
          // A started event is written when the last attempt closes, with that attempt's start time.
          startedAt: epochMs(byId.get(Number(closed.startedEventId))?.eventTime),
          closedAt: at,
        });
      }
    }
    return entries.sort((a, b) => a.scheduledAt - b.scheduledAt);
  } finally {
    await connection.close();
  }
}
