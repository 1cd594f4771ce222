import { joinWords, type TranscriptLine } from '../transcript/lines';
import type { TimedWord } from '../speech-to-text/speech-to-text';
import { sentences, wordCount } from '../text/tokenize';

/** A word that ends a clause: a comma, semicolon, colon, dash or sentence end, quotes after it. */
const CLAUSE_END = /[,;:.?!…—–]["'”’)\]]*$/;
/** Shorter clauses ("Okay," "and then,") say too little to stand alone: they stay with a neighbour. */
const MIN_CLAUSE_WORDS = 3;

/**
 * Cuts a line where its clauses clearly disagree, so the aside and the story each get their own
 * label: Whisper joins a player's aside and the GM's next sentence with a comma ("I'll text the group
 * chat, and you reach the tower"), and labelled whole one of them is lost. Cut only when one clause is
 * sure table talk and another sure play (beyond ±`sure`); unsure clauses stay with the one before.
 * Lines without word timings are left to `separateLongTurns`.
 */
export function separateMixedLines<T extends TranscriptLine>(
  lines: T[],
  logOdds: (clause: string, line: T) => number,
  sure: number,
): T[] {
  return lines.flatMap((line) => {
    const parts = runsOf(clausesOf(line.words), (clause) => logOdds(joinWords(clause), line), sure);
    if (!parts) return [line];
    return parts.map((clauses) => {
      const words = clauses.flat();
      return {
        ...line,
        startMs: words[0].startMs,
        endMs: words[words.length - 1].endMs,
        text: joinWords(words),
        words,
      };
    });
  });
}

/** When a long turn is cut (`separateLongTurns`): how long, how sure of play as a whole, how sure its aside. */
export interface LongTurnRule {
  minWords: number;
  /** The whole turn scores at most minus this: it is the story, whatever one sentence says. */
  surePlay: number;
  /** A sentence scoring at least this is an aside of its own, cut off with the unsure sentences after it. */
  sureAside: number;
}

/**
 * Cuts a long turn of a transcript file (no word timings: often a whole monologue) where one sentence
 * is sure table talk though the turn is sure play: "Let's go ahead and do a little recap of what
 * happened last week." must not take the GM's recap out of play. Parts are timed by their share of
 * the turn's words (a file's times are per turn).
 */
export function separateLongTurns<T extends TranscriptLine>(
  lines: T[],
  logOdds: (text: string) => number,
  rule: LongTurnRule,
): T[] {
  return lines.flatMap((line) => {
    if (line.words.length || wordCount(line.text) < rule.minWords || logOdds(line.text) > -rule.surePlay) return [line];
    const cut = runsOf(sentencesOf(line.text), logOdds, rule.sureAside);
    if (!cut) return [line];
    const parts = announcedWithStory(cut, logOdds, rule.sureAside);
    const total = wordCount(line.text);
    const at = (before: number) => Math.round(line.startMs + ((line.endMs - line.startMs) * before) / total);
    let before = 0;
    return parts.map((sentences) => {
      const text = sentences.join(' ');
      const startMs = at(before);
      before += wordCount(text);
      return { ...line, startMs, endMs: at(before), text };
    });
  });
}

/**
 * "Let's do a little recap of what happened last week." is said to the stream, but it opens the
 * retelling: it goes with the story after it, so the retelling keeps its cue (summaries/previously.ts
 * looks for one) and stays whole; a line sure play as a whole is not marked by it (lexical-classifier.ts).
 * Other asides stay cut off.
 */
export const ANNOUNCES_RETELLING =
  /\b(?:recap|previously|last (?:time|week|session|game)|where we left off|when we last left|last we (?:left|saw))\b/i;

/** The last sentence of an aside run that announces the retelling of the play run after it moves into that run. */
function announcedWithStory(runs: string[][], logOdds: (text: string) => number, sure: number): string[][] {
  const moved = runs.map((run) => [...run]);
  for (let i = 0; i + 1 < moved.length; i++) {
    const run = moved[i];
    const last = run[run.length - 1];
    if (logOdds(run.join(' ')) < sure || !ANNOUNCES_RETELLING.test(last)) continue;
    if (logOdds(moved[i + 1].join(' ')) > -sure) continue;
    moved[i + 1].unshift(run.pop()!);
  }
  return moved.filter((run) => run.length);
}

/**
 * Units in runs of one side, when one is sure table talk and another sure play (beyond ±`sure`);
 * an unsure unit joins the run before it (the first ones, the first sure one's). Undefined: no cut.
 */
function runsOf<U>(units: U[], logOdds: (unit: U) => number, sure: number): U[][] | undefined {
  if (units.length < 2) return undefined;
  const sides = units.map((unit) => {
    const z = logOdds(unit);
    return z >= sure ? 1 : z <= -sure ? -1 : 0;
  });
  if (!sides.includes(1) || !sides.includes(-1)) return undefined;
  const firstSure = sides.find((s) => s !== 0) ?? 0;
  const filled: number[] = [];
  sides.forEach((s, i) => filled.push(s !== 0 ? s : i ? filled[i - 1] : firstSure));
  const runs: U[][] = [];
  units.forEach((unit, i) => {
    if (i && filled[i] === filled[i - 1]) runs[runs.length - 1].push(unit);
    else runs.push([unit]);
  });
  return runs;
}

/** The line's words in clauses of at least MIN_CLAUSE_WORDS (a short one joins the one before, or after). */
function clausesOf(words: TimedWord[]): TimedWord[][] {
  const clauses: TimedWord[][] = [];
  let current: TimedWord[] = [];
  words.forEach((word, i) => {
    current.push(word);
    if (i === words.length - 1 || CLAUSE_END.test(word.word)) {
      clauses.push(current);
      current = [];
    }
  });
  return mergeShort(
    clauses,
    (clause) => clause.length,
    (a, b) => [...a, ...b],
  );
}

/** The text's sentences, a short one joined to its neighbour. */
const sentencesOf = (text: string) => mergeShort(sentences(text), wordCount, (a, b) => `${a} ${b}`);

/** Units of fewer than MIN_CLAUSE_WORDS words joined to the one before (the first, to the one after). */
function mergeShort<U>(units: U[], length: (unit: U) => number, join: (a: U, b: U) => U): U[] {
  const merged: U[] = [];
  for (const unit of units) {
    const last = merged.length - 1;
    if (last >= 0 && (length(unit) < MIN_CLAUSE_WORDS || length(merged[last]) < MIN_CLAUSE_WORDS))
      merged[last] = join(merged[last], unit);
    else merged.push(unit);
  }
  return merged;
}
