/**
 * The public entry of modules/sessions: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { isoDay, LocalDateScalar, parsePlayedOn } from './played-on';
export { announcePlayersAudio, playersAudio, type PlayersAudio } from './players-audio';
export { SessionAudioService } from './session-audio.service';
export { announceCampaignSessions, PgNotifyPublisher, type SessionPublisher } from './session-events';
export { SessionUpdatesListener } from './session-listener';
export { SessionProcessingService } from './session-processing.service';
export { SessionDeletedError, type SessionPatch, SessionStateService } from './session-state.service';
export { startSessionProcessing } from './session-workflow';
export { type SessionContent, SessionService, type SessionSummaryField } from './session.service';
