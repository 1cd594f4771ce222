import type { ChunkTranscript, TimedWord, TranscriptSegment } from '../speech-to-text/speech-to-text';
import { punctuateWords } from './punctuate';

/** One transcript line: roughly a sentence of one speaker. Times are relative to the chunk. */
export interface TranscriptLine {
  startMs: number;
  endMs: number;
  text: string;
  /** The line's words with their timings; empty when the engine gave none. */
  words: TimedWord[];
  /** Who said it, where the recording tells (a multi-track upload's track). */
  speaker?: string | null;
}

export interface LineOptions {
  /** A silence this long between two words ends a line. */
  pauseMs?: number;
  /** Lines longer than this are cut at their best comma or pause. */
  maxWords?: number;
}

/**
 * 700 ms: on Whisper tiny.en word timings of the dev campaign (fixtures/) no pause inside a
 * sentence reached 620 ms, while a speaker's turn often ends without a full stop.
 */
export const DEFAULT_PAUSE_MS = 700;
export const DEFAULT_MAX_WORDS = 30;
/** Neither half of a cut long line is shorter than this. */
const MIN_PART_WORDS = 5;

/** "Mr.", "St.", "e.g." end words, not sentences. */
const ABBREVIATIONS = new Set(
  'mr mrs ms dr st mt vs etc e.g i.e jr sr prof capt sgt lt col gen no approx ft lb oz'.split(' '),
);

/** Tokens Whisper writes without a space before them: "14" "-plus", "3" ".5", "dragon" "'s". */
const ATTACHED = /^(?:-\w|\.\d|[,.;:!?%)\]}…]|'(?:s|t|d|m|ll|re|ve)\b)/i;

/** Joins word tokens with normal spacing: the tokens carry their own punctuation. */
export function joinWords(words: readonly { word: string }[]): string {
  let text = '';
  for (const { word } of words) {
    if (!word) continue;
    text += text && !ATTACHED.test(word) ? ` ${word}` : word;
  }
  return text;
}

/** Whether `word` ends a sentence, given the word after it (if any). */
export function endsSentence(word: string, next?: string): boolean {
  const bare = word.replace(/["'”’)\]]+$/, '');
  if (/(?:\.\.\.|…)$/.test(bare)) return true;
  if (/[?!]$/.test(bare)) return true;
  if (!bare.endsWith('.')) return false;
  if (ABBREVIATIONS.has(bare.slice(0, -1).toLowerCase().replace(/^\W+/, ''))) return false;
  // "3." then ".5" or "5": a number Whisper split at its decimal point.
  if (/\d\.$/.test(bare) && next !== undefined && /^\.?\d/.test(next)) return false;
  return true;
}

/**
 * Splits a chunk's transcript into lines at sentence ends and long pauses, and cuts overlong lines
 * at commas. Whisper's own segments run across speaker turns (a player's food order and the GM's
 * next sentence came back as one), so the word timings decide; without words, segment text is cut
 * at sentence ends and times are shared out by character count.
 */
export function splitIntoLines(transcript: ChunkTranscript, options: LineOptions = {}): TranscriptLine[] {
  const pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
  const maxWords = options.maxWords ?? DEFAULT_MAX_WORDS;
  const words = transcript.words.filter((w) => w.word.trim());
  if (!words.length) return transcript.segments.flatMap((s) => splitSegment(s, maxWords));
  const punctuated = punctuateWords(words, transcript.segments.map((s) => s.text).join(' ') || transcript.text);
  const groups: TimedWord[][] = [];
  let current: TimedWord[] = [];
  punctuated.forEach((word, i) => {
    current.push(word);
    const next = punctuated[i + 1];
    if (!next || endsSentence(word.word, next.word) || next.startMs - word.endMs >= pauseMs) {
      groups.push(current);
      current = [];
    }
  });
  return groups.flatMap((group) => cutLong(group, maxWords)).map(toLine);
}

function toLine(words: TimedWord[]): TranscriptLine {
  return { startMs: words[0].startMs, endMs: words[words.length - 1].endMs, text: joinWords(words), words };
}

/** Halves a long run of words at its best break (a clause end, then the longest pause) until each part fits. */
function cutLong(words: TimedWord[], maxWords: number): TimedWord[][] {
  if (words.length <= maxWords) return [words];
  let best = -1;
  let bestScore = -Infinity;
  for (let i = MIN_PART_WORDS; i <= words.length - MIN_PART_WORDS; i++) {
    const before = words[i - 1];
    const clause = /[,;:—–]["')\]]*$/.test(before.word) ? 1000 : 0;
    const pause = Math.max(0, words[i].startMs - before.endMs);
    // Among equal breaks, the one nearer the middle keeps both halves readable.
    const balance = -Math.abs(i - words.length / 2);
    const score = clause + pause + balance;
    if (score > bestScore) [best, bestScore] = [i, score];
  }
  if (best < 0) return [words];
  return [...cutLong(words.slice(0, best), maxWords), ...cutLong(words.slice(best), maxWords)];
}

/** Sentences of a segment's text, each timed by its share of the segment's characters. */
function splitSegment(segment: TranscriptSegment, maxWords: number): TranscriptLine[] {
  const tokens = segment.text.split(/\s+/).filter(Boolean);
  const sentences: string[][] = [];
  let current: string[] = [];
  tokens.forEach((token, i) => {
    current.push(token);
    if (i === tokens.length - 1 || endsSentence(token, tokens[i + 1])) {
      sentences.push(current);
      current = [];
    }
  });
  const parts = sentences.flatMap((sentence) =>
    cutLong(
      sentence.map((word) => ({ word, startMs: 0, endMs: 0 })),
      maxWords,
    ).map((p) => p.map((w) => w.word).join(' ')),
  );
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const span = segment.endMs - segment.startMs;
  let done = 0;
  return parts.map((text) => {
    const startMs = segment.startMs + Math.round((span * done) / total);
    done += text.length;
    return { startMs, endMs: segment.startMs + Math.round((span * done) / total), text, words: [] };
  });
}
