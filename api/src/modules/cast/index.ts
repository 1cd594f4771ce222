/**
 * The public entry of modules/cast: what the composition root, the transports, the pipeline and
 * other features use of it. Code outside the feature imports this file, never one behind it, except
 * tests and the schema's resolver list (eslint.config.mjs).
 */
export { announceCast, CAST_UPDATED_CHANNEL, castTopicKey } from './cast-events';
export {
  addToCast,
  CastService,
  fromRow,
  speakerName,
  type SpeakerRow,
  storyNames,
  withoutSpeakerNames,
} from './cast.service';
export { Speaker } from './cast.type';
export { VoicePrintStore } from './voice-prints';
export { VoiceService } from './voices.service';
