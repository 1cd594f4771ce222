/** Why a transcript cannot be exported (the download's refusal). */
export const TRANSCRIPT_EXPORT_MESSAGES = {
  notExportable: 'This session has no transcript lines to export yet.',
} as const;

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
