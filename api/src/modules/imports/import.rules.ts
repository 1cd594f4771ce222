import type { TranscriptFormat } from '../../engines/transcript-formats/cue';

/** Messages of the import call itself (the file's own refusals are the engine's TRANSCRIPT_MESSAGES). */
export const IMPORT_MESSAGES = {
  fileRequired: 'Please choose a transcript file to import.',
  campaignRequired: 'Please select a campaign before importing.',
  notMultipart: 'Send the import as multipart/form-data with the fields file and campaign_id',
} as const;

/** What a stored session says of the file it came from (Session.mimeType). */
export const FORMAT_MIME_TYPES: Record<TranscriptFormat, string> = {
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  text: 'text/plain',
};
