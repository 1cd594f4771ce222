// The old name, kept only for modules/qa's tests until they import activity-deps.ts (issue 50).
export { activityDeps as stepDeps } from './activity-deps';
