// The old name, kept only for modules/qa's tests until they import transcript.activities.ts (issue 50).
export { transcriptActivities as transcriptSteps } from './transcript.activities';
