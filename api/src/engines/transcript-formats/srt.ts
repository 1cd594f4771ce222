import { TRANSCRIPT_MESSAGES, TranscriptRefusedError, type Cue } from './cue';
import { blocks, cue, finish, parseTiming, splitSpeaker } from './text-file';

const INDEX = /^\s*\d+\s*$/;
// Formatting that subtitle editors write into SubRip text; any other `<…>` is text and stays.
const FORMATTING = /<\/?(?:i|b|u|font)(?:\s[^>]*)?>|\{\\[^}]*\}/gi;

/** Where a SubRip block's `-->` line is: after the index, first, or nowhere (-1). */
function timingIndex(lines: string[]): number {
  if (lines[0].includes('-->')) return 0;
  return INDEX.test(lines[0]) && lines[1]?.includes('-->') ? 1 : -1;
}

/** True when the file's first block is a SubRip cue (index, then `hh:mm:ss,mmm --> hh:mm:ss,mmm`). */
export function isSrt(lines: string[]): boolean {
  const [first] = blocks(lines.slice(0, 20));
  return !!first && timingIndex(first.lines) >= 0;
}

/**
 * SubRip: blocks of index, `hh:mm:ss,mmm --> hh:mm:ss,mmm`, text lines; "Name: text" names the
 * speaker. Editors leave blank lines inside a cue's text now and then: a block without a time goes
 * on the cue before it.
 */
export function parseSrt(lines: string[]): Cue[] {
  const parsed: Array<{ startMs: number; endMs: number; text: string[] }> = [];
  for (const block of blocks(lines)) {
    const at = timingIndex(block.lines);
    if (at < 0) {
      if (!parsed.length) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.noTiming(block.first));
      parsed[parsed.length - 1].text.push(...block.lines);
      continue;
    }
    const { startMs, endMs } = parseTiming(block.lines[at], block.first + at);
    parsed.push({ startMs, endMs, text: block.lines.slice(at + 1) });
  }
  return finish(
    parsed.map(({ startMs, endMs, text }) => {
      const { speaker, text: said } = splitSpeaker(text.join(' ').replace(FORMATTING, '').trim());
      return cue(startMs, endMs, said, speaker);
    }),
  );
}
