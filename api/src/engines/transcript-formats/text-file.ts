import {
  SPEAKER_MAX_CHARS,
  TRANSCRIPT_MAX_BYTES,
  TRANSCRIPT_MAX_LINES,
  TRANSCRIPT_MAX_MS,
  TRANSCRIPT_MESSAGES,
  TranscriptRefusedError,
  type Cue,
} from './cue';

// C0 controls other than tab, line feed, form feed and carriage return: binary data, not text.
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * The file's lines: UTF-8 (a BOM dropped), CRLF and CR read as LF. Binary files, other encodings and
 * files over TRANSCRIPT_MAX_BYTES are refused before anything is parsed.
 */
export function textLines(bytes: Uint8Array): string[] {
  if (bytes.byteLength > TRANSCRIPT_MAX_BYTES) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new TranscriptRefusedError(bytes.includes(0) ? TRANSCRIPT_MESSAGES.notText : TRANSCRIPT_MESSAGES.notUtf8);
  }
  if (BINARY.test(text)) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.notText);
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/**
 * `[hh:]mm:ss(.|,)mmm` to ms, or null when it is not one. Hours may have any number of digits
 * (the bound is checked by the caller); minutes and seconds are two digits below 60.
 */
export function parseTimestamp(value: string): number | null {
  const m = /^(?:(\d{1,9}):)?([0-5]\d):([0-5]\d)[.,](\d{3})$/.exec(value);
  if (!m) return null;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
}

/**
 * `start --> end [settings]` of line `lineNo` (1-based): the two times, checked to be valid and
 * within TRANSCRIPT_MAX_MS. An end before the start is read as the start (a zero-length cue).
 */
export function parseTiming(line: string, lineNo: number): { startMs: number; endMs: number } {
  const m = /^\s*(\S+)\s+-->\s+(\S+)(?:\s.*)?$/.exec(line);
  const start = m ? parseTimestamp(m[1]) : null;
  const end = m ? parseTimestamp(m[2]) : null;
  if (start === null || end === null) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.badTime(lineNo));
  if (start > TRANSCRIPT_MAX_MS || end > TRANSCRIPT_MAX_MS) {
    throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.tooLate(lineNo));
  }
  return { startMs: start, endMs: Math.max(start, end) };
}

/**
 * Labels a group's notes put before a colon that name no one: "Note: the party rests", "OOC: brb".
 * Only these exact labels (any case), so a character called Scene Stealer still speaks.
 */
const NOT_SPEAKERS = new Set(
  'note notes nb ps edit update summary recap reminder todo warning ooc aside time location scene chapter part'.split(
    ' ',
  ),
);

/**
 * "Name: text" → the speaker and the text, where the part before the colon reads as a name: at
 * most four words and SPEAKER_MAX_CHARS, starting with a letter or digit, without sentence
 * punctuation ("Wait, what: no" is not a speaker), and not a note's label (NOT_SPEAKERS).
 * Otherwise the whole line is the text.
 */
export function splitSpeaker(line: string): { speaker?: string; text: string } {
  const m = /^([\p{L}\p{N}][^:.,;!?"<>()[\]{}]*?):\s+(\S.*)$/u.exec(line);
  if (!m) return { text: line };
  const name = m[1].trim();
  if (name.length > SPEAKER_MAX_CHARS || name.split(/\s+/).length > 4) return { text: line };
  if (NOT_SPEAKERS.has(name.toLowerCase())) return { text: line };
  return { speaker: name, text: m[2] };
}

/** Collapses runs of white space, so a multi-line cue becomes one transcript line. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The cues as a transcript: empty ones dropped, in time order (stable, so cues of the same start
 * keep the file's order), at most TRANSCRIPT_MAX_LINES, at least one.
 */
export function finish(cues: Cue[]): Cue[] {
  const kept = cues.filter((c) => c.text.length > 0);
  if (!kept.length) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.empty);
  if (kept.length > TRANSCRIPT_MAX_LINES) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.tooManyLines);
  return kept
    .map((cue, i) => ({ cue, i }))
    .sort((a, b) => a.cue.startMs - b.cue.startMs || a.i - b.i)
    .map(({ cue }) => cue);
}

/** A line without speaker or a speaker of only spaces: no `speaker` key at all. */
export function cue(startMs: number, endMs: number, text: string, speaker?: string): Cue {
  const name = speaker ? oneLine(speaker).slice(0, SPEAKER_MAX_CHARS) : '';
  return { startMs, endMs, text: oneLine(text), ...(name ? { speaker: name } : {}) };
}

/**
 * Blocks of non-blank lines, each with the 1-based number of its first line: the unit both
 * subtitle formats are written in.
 */
export function blocks(lines: string[]): Array<{ first: number; lines: string[] }> {
  const out: Array<{ first: number; lines: string[] }> = [];
  let current: { first: number; lines: string[] } | null = null;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') current = null;
    else if (current) current.lines.push(line);
    else out.push((current = { first: i + 1, lines: [line] }));
  }
  return out;
}
