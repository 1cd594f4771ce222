import type { TranscriptFormat } from '../../engines/transcript-formats/cue';

/** Messages of the import call itself (the file's own refusals are the engine's TRANSCRIPT_MESSAGES). */
export const IMPORT_MESSAGES = {
  fileRequired: 'Please choose a transcript file to import.',
  campaignRequired: 'Please select a campaign before importing.',
  notMultipart: 'Send the import as multipart/form-data with the fields file and campaign_id',
  notExportable: 'This session has no transcript lines to export yet.',
} as const;

/** What a stored session says of the file it came from (Session.mimeType). */
export const FORMAT_MIME_TYPES: Record<TranscriptFormat, string> = {
  vtt: 'text/vtt',
  srt: 'application/x-subrip',
  text: 'text/plain',
};

/** Formats a transcript can be exported as, with the media type it is served as. */
export const EXPORT_FORMATS = {
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/**
 * A download's file name from the session's title: the characters file systems refuse become
 * spaces, at most 100 characters, "transcript" when nothing is left. (The HTTP layer quotes it and
 * adds an ASCII fallback for non-ASCII titles.)
 */
export function exportFileName(title: string, format: ExportFormat): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base || 'transcript'}.${format}`;
}
