/** Why an upload is not usable audio; stable codes for callers, messages for people. */
export type AudioRejection = 'missing' | 'empty' | 'not-audio' | 'no-audio-stream' | 'corrupt' | 'silent';

const messages: Record<AudioRejection, string> = {
  missing: 'The uploaded file could not be found.',
  empty: 'The uploaded file is empty.',
  'not-audio': 'The uploaded file is not an audio recording we can read.',
  'no-audio-stream': 'The uploaded file contains no audio track.',
  corrupt: 'The uploaded recording is truncated or damaged; please upload the complete file again.',
  silent: 'The uploaded recording contains no audio.',
};

/** The file is not a recording we can process; the message can be shown to the user as is. */
export class AudioRejectedError extends Error {
  constructor(
    readonly reason: AudioRejection,
    readonly detail?: string,
  ) {
    super(messages[reason]);
    this.name = 'AudioRejectedError';
  }
}
