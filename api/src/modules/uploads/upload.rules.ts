import path from 'node:path';
import { AUDIO_EXTENSIONS, isMediaType, UNKNOWN_TYPES, ZIP_TYPES } from '@questlog/constants';

/** The spec's texts (sections 5 and 8) and this api's own for the cases the spec leaves open. */
export const UPLOAD_MESSAGES = {
  unsupportedType: 'Please upload a supported audio file format',
  tooLarge: 'File size too large. Please upload a smaller file (max 1GB).',
  campaignRequired: 'Please select a campaign before uploading.',
  quotaExceeded: 'You have exceeded your upload limit. Please upgrade your plan.',
  fileRequired: 'Please choose an audio file to upload.',
  interrupted: 'The upload was interrupted before the whole file arrived',
  notMultipart: 'Send the upload as multipart/form-data with the fields audio and campaign_id',
} as const;

/** The file's extension, lower-cased with its dot ('' when it has none). */
export const extensionOf = (fileName: string) => path.extname(fileName).toLowerCase();

/** True for a multi-track upload by its name (the content check reads the ZIP itself). */
export const isZipName = (fileName: string) => extensionOf(fileName) === '.zip';

/**
 * True when the name's extension and the declared MIME type are both on the spec's lists, or the
 * file is a ZIP of tracks (issue 13: Craig and similar bots record one file per speaker).
 */
export function isAcceptedType(fileName: string, mimeType: string): boolean {
  const declared = mimeType.split(';')[0].trim().toLowerCase();
  if (isZipName(fileName)) return UNKNOWN_TYPES.has(declared) || ZIP_TYPES.includes(declared);
  if (!AUDIO_EXTENSIONS.includes(extensionOf(fileName))) return false;
  return UNKNOWN_TYPES.has(declared) || isMediaType(declared, true);
}

/** The session title from the uploaded file name: without its extension, else "Session <date>". */
export function titleFromFileName(fileName: string, maxLength: number, now = new Date()): string {
  const base = path.basename(fileName, path.extname(fileName)).replace(/\s+/g, ' ').trim();
  return (base || `Session ${now.toISOString().slice(0, 10)}`).slice(0, maxLength);
}
