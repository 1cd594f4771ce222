/*
 * The audio and video files a session can be made from (docs/product.md#validation): the api's acceptance rule
 * and the dashboard's picker read the same lists, so a file the browser lets through is not refused
 * by the api for its type.
 */

/** Extensions the spec's file picker allows. */
export const AUDIO_EXTENSIONS: readonly string[] = (
  '.3ga .8svx .aac .ac3 .aif .aiff .alac .amr .ape .au .dss .flac .flv .m4a .m4b .m4p .m4r .mp3 .mpga .ogg ' +
  '.oga .opus .qcp .tta .voc .wav .wma .wv .webm .mts .m2ts .ts .mov .mp2 .mp4 .m4v .mxf'
).split(' ');

/** The spec's accepted subtypes of audio/ and video/. */
export const AUDIO_SUBTYPES: readonly string[] = (
  '3gpp 3gpp2 aac ac3 aiff alac amr ape basic dss flac m4a m4b m4p m4r mp4 mpeg mp3 mpga ogg oga opus qcp ' +
  'tta voc wav wma wv webm'
).split(' ');
export const VIDEO_SUBTYPES: readonly string[] = 'webm mts m2ts ts mov mp2 mp4 m4p m4v mxf'.split(' ');
/** QuickTime, which the spec's picker takes; the dashboard's drop zone does not. */
export const QUICKTIME_TYPES: readonly string[] = ['audio/quicktime', 'video/quicktime'];

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
export const UNKNOWN_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** What browsers and tools declare for a ZIP: a multi-track recording (one audio file per speaker). */
export const ZIP_TYPES: readonly string[] = [
  'application/zip',
  'application/x-zip-compressed',
  'application/x-zip',
  'multipart/x-zip',
];

/**
 * Whether a declared type (lower-case, without parameters) is one of the spec's audio or video
 * types under any of its names; QuickTime counts only where `quicktime` allows it.
 */
export function isMediaType(declared: string, quicktime: boolean): boolean {
  if (QUICKTIME_TYPES.includes(declared)) return quicktime;
  const [kind, raw = ''] = declared.split('/');
  const bare = raw.replace(/^x-/, '');
  const subtype = ALIASES[bare] ?? bare;
  return (
    (kind === 'audio' && AUDIO_SUBTYPES.includes(subtype)) || (kind === 'video' && VIDEO_SUBTYPES.includes(subtype))
  );
}
