import { TRANSCRIPT_MAX_MS, TRANSCRIPT_MESSAGES, TranscriptRefusedError, type Cue } from './cue';
import { cue, finish, oneLine, splitSpeaker } from './text-file';

/**
 * Plain text has no times. Its lines are laid end to end at a conversational 150 words a minute
 * (0.4 s a word, at least a second a line), so they keep their order and a line's time is about
 * where it was said in a session of that length. The times are an estimate, and only order matters
 * to table talk, summaries and Q&A.
 */
const MS_PER_WORD = 400;
const MIN_LINE_MS = 1000;

/** `[hh:mm:ss]` (our own full-transcript download), `[h:mm:ss.mmm]` or `[mm:ss]` opening a line. */
const STAMP = /^\[(?:(\d{1,2}):)?([0-5]?\d):([0-5]\d)(?:[.,](\d{1,3}))?\]\s*/;

const spokenMs = (text: string) => Math.max(MIN_LINE_MS, text.split(/\s+/).filter(Boolean).length * MS_PER_WORD);

function stampMs(m: RegExpExecArray): number {
  const ms = Number((m[4] ?? '0').padEnd(3, '0'));
  return ((Number(m[1] ?? 0) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + ms;
}

/** Documents and data that are text but not a transcript: refused rather than imported line by line. */
function isMarkupOrData(lines: string[]): boolean {
  const text = lines.join('\n').trim();
  if (/^<(?:!doctype|html|\?xml|tt[\s>]|svg)/i.test(text)) return true;
  if (!/^[[{]/.test(text)) return false;
  try {
    return typeof JSON.parse(text) === 'object';
  } catch {
    return false;
  }
}

/**
 * Plain text, one line of speech per line; "Name: text" names the speaker. Lines that start with a
 * `[hh:mm:ss]` time keep it (a line without one goes on the line before, as a wrapped line would),
 * and each ends where the next starts; files without times are spread out as described above.
 */
export function parsePlainText(lines: string[]): Cue[] {
  if (isMarkupOrData(lines)) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.markup);
  const said = lines.map((l, i) => ({ line: oneLine(l), no: i + 1 })).filter((l) => l.line);
  const timed = said.some((l) => STAMP.test(l.line));
  const entries: Array<{ startMs: number; speaker?: string; text: string }> = [];
  let clock = 0;
  for (const { line, no } of said) {
    const stamp = STAMP.exec(line);
    if (timed && !stamp && entries.length) {
      entries[entries.length - 1].text += ` ${line}`;
      continue;
    }
    const startMs = stamp ? stampMs(stamp) : clock;
    if (startMs > TRANSCRIPT_MAX_MS) throw new TranscriptRefusedError(TRANSCRIPT_MESSAGES.tooLate(no));
    const { speaker, text } = splitSpeaker(stamp ? line.slice(stamp[0].length) : line);
    entries.push({ startMs, speaker, text });
    clock = startMs + spokenMs(text);
  }
  return finish(
    entries.map(({ startMs, speaker, text }, i) => {
      const next = timed ? entries[i + 1]?.startMs : undefined;
      const endMs = next !== undefined && next > startMs ? next : startMs + spokenMs(text);
      return cue(startMs, endMs, text, speaker);
    }),
  );
}
