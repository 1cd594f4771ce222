import { z } from 'zod';
import { RecordingState } from '../../kernel/entities/recording.entity';
import { SESSION_TITLE_MAX } from '../../kernel/entities/session.entity';
import { MAX_PART_NUMBER } from './recording.rules';
import { dateTime, uuid } from '../../rest/common.schemas';

// The recording calls (recordings.routes.ts).

export const Recording = z
  .strictObject({
    recording_id: uuid.meta({ description: 'Also the id of the session the recording becomes' }),
    title: z.string(),
    campaign_id: uuid,
    state: z.enum(RecordingState),
    mime_type: z.string(),
    segment: z.int().min(0).meta({ description: 'The segment parts go to: 0, one more after each resume' }),
    parts_received: z
      .int()
      .min(0)
      .max(MAX_PART_NUMBER + 1)
      .meta({ description: 'Parts of that segment received without a gap: the number of the next part to send' }),
    created_at: dateTime,
    last_part_at: dateTime.nullable(),
  })
  .meta({ id: 'Recording' });
export const RecordingList = z.strictObject({ recordings: z.array(Recording) }).meta({ id: 'RecordingList' });

export const StartRecordingBody = z
  .strictObject({
    campaign_id: uuid,
    mime_type: z.string().max(200).meta({
      description: "MediaRecorder's mimeType: audio/webm, audio/ogg or audio/mp4, with parameters (codecs=opus)",
    }),
    title: z.string().max(SESSION_TITLE_MAX).meta({ description: 'Default: "Recording <date time>"' }).optional(),
  })
  .meta({ id: 'StartRecordingBody' });
