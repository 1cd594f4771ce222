import path from 'node:path';

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

/** Extensions the spec's file picker allows (section 5). */
export const ACCEPTED_EXTENSIONS = new Set(
  (
    '.3ga .8svx .aac .ac3 .aif .aiff .alac .amr .ape .au .dss .flac .flv .m4a .m4b .m4p .m4r .mp3 .mpga .ogg ' +
    '.oga .opus .qcp .tta .voc .wav .wma .wv .webm .mts .m2ts .ts .mov .mp2 .mp4 .m4v .mxf'
  ).split(' '),
);

/** The spec's accepted subtypes of audio/ and video/ (section 5), quicktime included. */
const AUDIO_SUBTYPES = new Set(
  (
    '3gpp 3gpp2 aac ac3 aiff alac amr ape basic dss flac m4a m4b m4p m4r mp4 mpeg mp3 mpga ogg oga opus qcp ' +
    'tta voc wav wma wv webm quicktime'
  ).split(' '),
);
const VIDEO_SUBTYPES = new Set('webm mts m2ts ts mov mp2 mp4 m4p m4v mxf quicktime'.split(' '));

/*
 * Browsers and tools name the same formats differently: `x-` prefixes (audio/x-wav, audio/x-flac),
 * and a few registered names (audio/wave, audio/x-ms-wma, video/mp2t). These map them to the
 * spec's names; anything else has to match a spec name exactly.
 */
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

/*
 * What a browser or curl declares when it does not know the format (.dss, .qcp, .ape …). The
 * extension and the content check decide then; a declared non-audio type is refused outright.
 */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The file's extension, lower-cased with its dot ('' when it has none). */
export const extensionOf = (fileName: string) => path.extname(fileName).toLowerCase();

/** What browsers and tools declare for a ZIP: a multi-track recording (one audio file per speaker). */
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip']);

/** True for a multi-track upload by its name (the content check reads the ZIP itself). */
export const isZipName = (fileName: string) => extensionOf(fileName) === '.zip';

/**
 * True when the name's extension and the declared MIME type are both on the spec's lists, or the
 * file is a ZIP of tracks (issue 13: Craig and similar bots record one file per speaker).
 */
export function isAcceptedType(fileName: string, mimeType: string): boolean {
  const declared = mimeType.split(';')[0].trim().toLowerCase();
  if (isZipName(fileName)) return UNKNOWN_TYPES.has(declared) || ZIP_TYPES.has(declared);
  if (!ACCEPTED_EXTENSIONS.has(extensionOf(fileName))) return false;
  if (UNKNOWN_TYPES.has(declared)) return true;
  const [kind, rawSubtype = ''] = declared.split('/');
  const bare = rawSubtype.replace(/^x-/, '');
  const subtype = ALIASES[bare] ?? bare;
  return (kind === 'audio' && AUDIO_SUBTYPES.has(subtype)) || (kind === 'video' && VIDEO_SUBTYPES.has(subtype));
}

/** The session title from the uploaded file name: without its extension, else "Session <date>". */
export function titleFromFileName(fileName: string, maxLength: number, now = new Date()): string {
  const base = path.basename(fileName, path.extname(fileName)).replace(/\s+/g, ' ').trim();
  return (base || `Session ${now.toISOString().slice(0, 10)}`).slice(0, maxLength);
}
