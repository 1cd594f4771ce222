/** A session's recap: summaries that play their moments, and the night at a glance. */
export { PlayableSummary } from './PlayableSummary';
export { SessionTimeline } from './SessionTimeline';
