import { RecordingState } from '../kernel/entities/recording.entity';
import { MAX_PART_NUMBER } from '../modules/recordings/recording.rules';
import { SESSION_TITLE_MAX } from '../kernel/entities/session.entity';
import { obj } from './openapi.schemas';

/** Schemas of the recording calls (recordings.routes.ts), merged into the document by openapi.ts. */
const uuid = { type: 'string', format: 'uuid' };
const dateTime = { type: 'string', format: 'date-time' };

export const recordingSchemas = {
  Recording: obj({
    recording_id: { ...uuid, description: 'Also the id of the session the recording becomes' },
    title: { type: 'string' },
    campaign_id: uuid,
    state: { type: 'string', enum: Object.values(RecordingState) },
    mime_type: { type: 'string' },
    segment: { type: 'integer', minimum: 0, description: 'The segment parts go to: 0, one more after each resume' },
    parts_received: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_PART_NUMBER + 1,
      description: 'Parts of that segment received without a gap: the number of the next part to send',
    },
    created_at: dateTime,
    last_part_at: { anyOf: [dateTime, { type: 'null' }] },
  }),
  RecordingList: obj({ recordings: { type: 'array', items: { $ref: '#/components/schemas/Recording' } } }),
};

export const recordingBodies = {
  StartRecording: obj(
    {
      campaign_id: uuid,
      mime_type: {
        type: 'string',
        maxLength: 200,
        description: "MediaRecorder's mimeType: audio/webm, audio/ogg or audio/mp4, with parameters (codecs=opus)",
      },
      title: { type: 'string', maxLength: SESSION_TITLE_MAX, description: 'Default: "Recording <date time>"' },
    },
    ['title'],
  ),
};
