/**
 * Keys are slash-separated segments of letters, digits, '.', '_' and '-', each starting with a
 * letter or digit: so no '..', no absolute paths, no backslashes, and no name that collides with
 * the local driver's hidden temp files (they start with '.').
 */
const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const MAX_KEY_LENGTH = 512;

/** A storage key was malformed: a programming error, never user input that reached storage. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** Returns the key when it is safe as both a relative file path and an S3 object key; throws otherwise. */
export function checkKey(key: string): string {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/** The prefix of every key a session's files are kept under (its upload, tracks, chunks, renditions, copies). */
export const sessionPrefix = (sessionId: string) => `sessions/${checkKey(sessionId)}/`;

/** The key under which a session's uploaded audio is kept. */
export function sessionAudioKey(sessionId: string, extension: string): string {
  return checkKey(`sessions/${sessionId}/original${extension}`);
}

/** The key of track `index` of a session's multi-track upload, next to where its upload would be. */
export function trackAudioKey(sessionId: string, index: number, extension: string): string {
  return checkKey(`sessions/${sessionId}/tracks/${String(index).padStart(2, '0')}${extension}`);
}

/** The key of a session's prepared chunk `index` (16 kHz mono WAV), next to its upload. */
export function chunkAudioKey(sessionId: string, index: number): string {
  return checkKey(`sessions/${sessionId}/chunks/${String(index).padStart(4, '0')}.wav`);
}

/**
 * The key of a session's browser-friendly rendition (AAC in MP4, made during processing), next to
 * its upload: what the player streams when present, since browsers cannot play every accepted format.
 */
export function renditionAudioKey(sessionId: string): string {
  return checkKey(`sessions/${sessionId}/rendition.m4a`);
}

/**
 * The key of the copy players hear while the owner keeps lines GM-only (silent over them), named
 * by which spans it silences (`spansId`), so a copy for other marks is never served by mistake.
 */
export function playersAudioKey(sessionId: string, spansId: string): string {
  return checkKey(`sessions/${sessionId}/players-${spansId}.m4a`);
}

/** Whether `key` is one of a session's players' copies (the current one or an older one). */
export const PLAYERS_AUDIO = /\/players-[0-9a-f]+\.m4a$/;
