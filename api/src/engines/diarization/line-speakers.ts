import type { TimedWord } from '../speech-to-text/speech-to-text';
import { joinWords, type TranscriptLine } from '../transcript/lines';
import type { VoiceSegment } from './diarizer';

/** A voice change inside a line shorter than this (or a single word) is the clustering's noise, not a turn. */
const MIN_TURN_MS = 600;
const MIN_TURN_WORDS = 2;

/** The voice whose segments overlap [startMs, endMs] most; the nearest one where none does. */
export function voiceAt(segments: readonly VoiceSegment[], startMs: number, endMs: number): string | null {
  const overlap = new Map<string, number>();
  let nearest: { voice: string; gap: number } | null = null;
  for (const s of segments) {
    const shared = Math.min(endMs, s.endMs) - Math.max(startMs, s.startMs);
    if (shared > 0) overlap.set(s.voice, (overlap.get(s.voice) ?? 0) + shared);
    const gap = Math.max(s.startMs - endMs, startMs - s.endMs, 0);
    if (!nearest || gap < nearest.gap) nearest = { voice: s.voice, gap };
  }
  let best: string | null = null;
  for (const [voice, ms] of overlap) if (best === null || ms > overlap.get(best)!) best = voice;
  return best ?? nearest?.voice ?? null;
}

/**
 * Each line with the voice heard over it, a line that holds two voices cut where the voice changes
 * (its timed words tell where); `labelOf` turns the engine's voice into the cast's label.
 */
export function assignSpeakers(
  lines: readonly TranscriptLine[],
  segments: readonly VoiceSegment[],
  labelOf: (voice: string) => string,
): TranscriptLine[] {
  if (!segments.length) return [...lines];
  return lines.flatMap((line) => {
    const words = line.words.filter((w) => w.word.trim());
    if (!words.length) {
      const voice = voiceAt(segments, line.startMs, line.endMs);
      return [{ ...line, speaker: voice ? labelOf(voice) : (line.speaker ?? null) }];
    }
    return labelledTurns(turnsOf(words, segments), labelOf).map((turn, i, all) => ({
      startMs: i === 0 ? line.startMs : turn.words[0].startMs,
      endMs: i === all.length - 1 ? line.endMs : turn.words[turn.words.length - 1].endMs,
      text: all.length === 1 ? line.text : joinWords(turn.words),
      words: turn.words,
      speaker: turn.label,
    }));
  });
}

/**
 * The turns under the cast's labels, neighbours with one label joined: two of the engine's voices
 * matched to one known voice are one speaker, and cutting their line would only split a sentence
 * ("Sorry I'm late, everyone," | "the ring road was jammed.", its second half then read alone).
 */
function labelledTurns(
  turns: Turn[],
  labelOf: (voice: string) => string,
): Array<{ label: string; words: TimedWord[] }> {
  const labelled: Array<{ label: string; words: TimedWord[] }> = [];
  for (const turn of turns) {
    const label = labelOf(turn.voice);
    const last = labelled[labelled.length - 1];
    if (last?.label === label) last.words = [...last.words, ...turn.words];
    else labelled.push({ label, words: turn.words });
  }
  return labelled;
}

interface Turn {
  voice: string;
  words: TimedWord[];
}

/** The line's words in runs of one voice, runs too short to be a turn joined to their neighbour. */
function turnsOf(words: readonly TimedWord[], segments: readonly VoiceSegment[]): Turn[] {
  const turns: Turn[] = [];
  for (const word of words) {
    const voice = voiceAt(segments, word.startMs, word.endMs) ?? '';
    const last = turns[turns.length - 1];
    if (last && last.voice === voice) last.words.push(word);
    else turns.push({ voice, words: [word] });
  }
  // The shortest run first, so a stray word joins the voice around it rather than a longer turn.
  for (;;) {
    const short = turns
      .map((t, i) => ({ i, ms: t.words[t.words.length - 1].endMs - t.words[0].startMs, n: t.words.length }))
      .filter((t) => turns.length > 1 && (t.n < MIN_TURN_WORDS || t.ms < MIN_TURN_MS))
      .sort((a, b) => a.ms - b.ms)[0];
    if (!short) break;
    const { i } = short;
    const into = i === 0 ? 1 : i === turns.length - 1 ? i - 1 : longer(turns[i - 1], turns[i + 1]) ? i - 1 : i + 1;
    const merged = i < into ? [...turns[i].words, ...turns[into].words] : [...turns[into].words, ...turns[i].words];
    turns[into] = { voice: turns[into].voice, words: merged };
    turns.splice(i, 1);
    for (let j = turns.length - 1; j > 0; j--) {
      if (turns[j].voice === turns[j - 1].voice) {
        turns[j - 1] = { voice: turns[j].voice, words: [...turns[j - 1].words, ...turns[j].words] };
        turns.splice(j, 1);
      }
    }
  }
  return turns;
}

const span = (t: Turn) => t.words[t.words.length - 1].endMs - t.words[0].startMs;
const longer = (a: Turn, b: Turn) => span(a) >= span(b);
