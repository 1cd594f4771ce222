import { TRANSCRIPT_MESSAGES, TranscriptRefusedError, type Cue } from './cue';
import { blocks, cue, finish, parseTiming, splitSpeaker } from './text-file';

/** The signature line every WebVTT file starts with (after an optional BOM). */
export const isWebVtt = (firstLine: string) => /^WEBVTT(?:[ \t].*)?$/.test(firstLine);

// The cue-text tags of the WebVTT spec (and inline timestamps); any other `<…>` is text and stays.
const SPAN_TAG = /<\/?(?:c|i|b|u|v|lang|ruby|rt)(?:[.\s][^>]*)?>|<\d{1,9}:\d{2}(?::\d{2})?\.\d{3}>/g;
const VOICE = /^<v(?:\.[^\s>]*)?\s+([^>]+)>/;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: ' ',
  lrm: '',
  rlm: '',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([\da-f]{1,6})|([a-z]+));/gi, (whole, dec, hex, name: string | undefined) => {
    if (name) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = dec ? Number(dec) : parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** A cue's text as a reader sees it: markup tags gone, character references decoded. */
const plain = (payload: string) => decodeEntities(payload.replace(SPAN_TAG, ''));

/**
 * A cue's payload as one line per voice: a payload line that opens with `<v Name>` starts a new
 * speaker's line (two speakers in one cue become two lines at the same time); other lines go on
 * the line before. Without a voice tag, "Name: text" names the speaker (Zoom and Teams write it so).
 */
function voices(payload: string[]): Array<{ speaker?: string; text: string }> {
  const parts: Array<{ voice?: string; lines: string[] }> = [];
  for (const line of payload) {
    const voice = VOICE.exec(line.trimStart())?.[1];
    if (voice !== undefined || !parts.length) parts.push({ voice: voice && decodeEntities(voice), lines: [] });
    parts[parts.length - 1].lines.push(plain(line));
  }
  return parts.map(({ voice, lines }) => {
    const text = lines.join(' ');
    return voice?.trim() ? { speaker: voice, text } : splitSpeaker(text.trim());
  });
}

/**
 * WebVTT (W3C): the header block, then cues (optional identifier, `start --> end` with any cue
 * settings, payload lines); NOTE, STYLE and REGION blocks are skipped. A block that is none of these
 * is refused with its line number rather than silently dropped.
 */
export function parseWebVtt(lines: string[]): Cue[] {
  const [header, ...rest] = blocks(lines);
  if (!header || !isWebVtt(header.lines[0])) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.notText);
  const cues: Cue[] = [];
  for (const block of rest) {
    const [first, second] = block.lines;
    if (/^(?:NOTE(?:[ \t]|$)|STYLE[ \t]*$|REGION[ \t]*$)/.test(first)) continue;
    const timingAt = first.includes('-->') ? 0 : second?.includes('-->') ? 1 : -1;
    if (timingAt < 0) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.noTiming(block.first));
    const { startMs, endMs } = parseTiming(block.lines[timingAt], block.first + timingAt);
    for (const { speaker, text } of voices(block.lines.slice(timingAt + 1))) {
      cues.push(cue(startMs, endMs, text, speaker));
    }
  }
  return finish(cues);
}
