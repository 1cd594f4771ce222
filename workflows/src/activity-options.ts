import type { ActivityOptions } from '@temporalio/workflow';

/**
 * How long each kind of activity may take and how patiently it is retried, shared by the
 * session-processing and recording workflows so an upload and a recording wait alike.
 */

/** Database activities and the session row: quick, and a database blip is worth a few patient retries. */
export const DATABASE_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
};

/** ffmpeg over a whole recording: minutes for hours of audio; heartbeats show the worker is alive. */
export const mediaActivity = (maximumAttempts: number): ActivityOptions => ({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumAttempts },
});

/**
 * One chunk per attempt; a dead worker is noticed within the heartbeat timeout and the chunk goes to
 * another. A speech service that is down or still loading its model is waited for (about half an
 * hour of retries); audio it cannot decode fails at once, non-retryable. A chunk waiting on its task
 * queue for a free slot has not started, so no timeout runs against it.
 */
export const SPEECH_ACTIVITY: ActivityOptions = {
  startToCloseTimeout: '1 hour',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 36 },
};
