import {
  AUDIO_EXTENSIONS,
  AUDIO_SUBTYPES,
  isMediaType,
  QUICKTIME_TYPES,
  UNKNOWN_TYPES,
  VIDEO_SUBTYPES,
  ZIP_TYPES,
} from '@questlog/constants';

/*
 * Which files the dashboard takes (docs/product.md#validation). The lists are the api's own
 * (@questlog/constants), so a file passed here is not refused there for its type: the extension
 * must be on the picker's list and the browser's declared type, when it knows one, must be an
 * accepted audio or video type. Browsers declare nothing for rarer formats (.dss,
 * .qcp, .ape); the extension decides those, and the api's content check has the last word.
 */

/** The picker's accept attribute: the spec's types, quicktime, then the extensions. */
export const PICKER_ACCEPT = [
  ...AUDIO_SUBTYPES.map((t) => `audio/${t}`),
  ...VIDEO_SUBTYPES.map((t) => `video/${t}`),
  ...QUICKTIME_TYPES,
  ...AUDIO_EXTENSIONS,
  ...ZIP_TYPES,
  '.zip',
].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/**
 * Transcripts a session can be imported from instead of audio (WebVTT, SubRip, plain text). The
 * api tells the format by content; the extension here only routes the file to the import.
 */
const TRANSCRIPT_EXTENSIONS = ['.vtt', '.srt', '.txt'];

/** The transcript picker's accept attribute. */
export const TRANSCRIPT_ACCEPT = [...TRANSCRIPT_EXTENSIONS, 'text/vtt', 'application/x-subrip', 'text/plain'].join(',');

/** True for a transcript file to import rather than a recording to upload. */
export function isTranscriptFile(file: Pick<File, 'name'>): boolean {
  return TRANSCRIPT_EXTENSIONS.includes(extensionOf(file.name));
}

/**
 * How a file arrived: the picker also takes QuickTime audio and video, drag-and-drop does not;
 * 'import' is the transcript picker.
 */
export type FileSource = 'picker' | 'drop' | 'import';

/** True when the dashboard may upload this file's type (the size is checked separately). */
export function isSupportedFile(file: Pick<File, 'name' | 'type'>, source: FileSource): boolean {
  const declared = file.type.split(';')[0].trim().toLowerCase();
  // docs/product.md#validation: the audio picker refuses what is not audio, a text file included. Transcripts
  // come through their own picker, or dropped when they cannot be anything else (WebVTT, SubRip).
  if (isTranscriptFile(file)) return source === 'import' || (source === 'drop' && extensionOf(file.name) !== '.txt');
  if (source === 'import') return false;
  if (extensionOf(file.name) === '.zip') return UNKNOWN_TYPES.has(declared) || ZIP_TYPES.includes(declared);
  if (!AUDIO_EXTENSIONS.includes(extensionOf(file.name))) return false;
  return UNKNOWN_TYPES.has(declared) || isMediaType(declared, source === 'picker');
}
