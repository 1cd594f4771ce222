/**
 * Which files the dashboard takes (spec section 5). The rule mirrors the api's own check
 * (api/src/modules/uploads/upload.rules.ts) so a file passed here is not refused there for its
 * type: the extension must be on the picker's list and the browser's declared type, when it knows
 * one, must be an accepted audio or video type. Browsers declare nothing for rarer formats (.dss,
 * .qcp, .ape); the extension decides those, and the api's content check has the last word.
 */
const EXTENSIONS = (
  '.3ga .8svx .aac .ac3 .aif .aiff .alac .amr .ape .au .dss .flac .flv .m4a .m4b .m4p .m4r .mp3 .mpga .ogg ' +
  '.oga .opus .qcp .tta .voc .wav .wma .wv .webm .mts .m2ts .ts .mov .mp2 .mp4 .m4v .mxf'
).split(' ');

const AUDIO_SUBTYPES = (
  '3gpp 3gpp2 aac ac3 aiff alac amr ape basic dss flac m4a m4b m4p m4r mp4 mpeg mp3 mpga ogg oga opus qcp ' +
  'tta voc wav wma wv webm'
).split(' ');
const VIDEO_SUBTYPES = 'webm mts m2ts ts mov mp2 mp4 m4p m4v mxf'.split(' ');
const QUICKTIME = ['audio/quicktime', 'video/quicktime'];

/** The same formats under the names browsers actually declare (audio/x-wav, audio/x-m4a, video/mp2t …). */
const ALIASES: Record<string, string> = {
  wave: 'wav',
  'vnd.wave': 'wav',
  'ms-wma': 'wma',
  'm4a-latm': 'm4a',
  mp2t: 'ts',
  aif: 'aiff',
  aifc: 'aiff',
  mpeg3: 'mp3',
  'mpeg-3': 'mp3',
};

const UNKNOWN_TYPES = new Set(['', 'application/octet-stream']);

/** A multi-track recording: a ZIP with one audio file per speaker (Craig and similar bots make them). */
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'];

/** The picker's accept attribute: the spec's types, quicktime, then the extensions. */
export const PICKER_ACCEPT = [
  ...AUDIO_SUBTYPES.map((t) => `audio/${t}`),
  ...VIDEO_SUBTYPES.map((t) => `video/${t}`),
  ...QUICKTIME,
  ...EXTENSIONS,
  ...ZIP_TYPES,
  '.zip',
].join(',');

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

function acceptedType(declared: string, allowQuicktime: boolean): boolean {
  if (QUICKTIME.includes(declared)) return allowQuicktime;
  const [kind, raw = ''] = declared.split('/');
  const bare = raw.replace(/^x-/, '');
  const subtype = ALIASES[bare] ?? bare;
  return (
    (kind === 'audio' && AUDIO_SUBTYPES.includes(subtype)) || (kind === 'video' && VIDEO_SUBTYPES.includes(subtype))
  );
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
  // Spec section 5: the audio picker refuses what is not audio, a text file included. Transcripts
  // come through their own picker, or dropped when they cannot be anything else (WebVTT, SubRip).
  if (isTranscriptFile(file)) return source === 'import' || (source === 'drop' && extensionOf(file.name) !== '.txt');
  if (source === 'import') return false;
  if (extensionOf(file.name) === '.zip') return UNKNOWN_TYPES.has(declared) || ZIP_TYPES.includes(declared);
  if (!EXTENSIONS.includes(extensionOf(file.name))) return false;
  return UNKNOWN_TYPES.has(declared) || acceptedType(declared, source === 'picker');
}
