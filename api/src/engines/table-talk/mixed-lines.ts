import { joinWords, type TranscriptLine } from '../transcript/lines';
import type { TimedWord } from '../speech-to-text/speech-to-text';

/** A word that ends a clause: a comma, semicolon, colon, dash or sentence end, quotes after it. */
const CLAUSE_END = /[,;:.?!…—–]["'”’)\]]*$/;
/** Shorter clauses ("Okay," "and then,") say too little to stand alone: they stay with a neighbour. */
const MIN_CLAUSE_WORDS = 3;

/**
 * Cuts a line where its clauses clearly disagree, so the aside and the story each get their own
 * label. Whisper writes a player's aside and the GM's next sentence as one line when nothing but a
 * comma parts them ("I'll text the group chat, and you reach the tower"); labelled whole, either the
 * aside stays in play or the story is lost with it. A line is cut only when one clause is sure table
 * talk and another sure play (`logOdds` beyond ±`sure`); unsure clauses stay with the clause before
 * them. Lines without word timings are left whole: a cut needs times for both parts.
 */
export function separateMixedLines(
  lines: TranscriptLine[],
  logOdds: (text: string) => number,
  sure: number,
): TranscriptLine[] {
  return lines.flatMap((line) => {
    const clauses = clausesOf(line.words);
    if (clauses.length < 2) return [line];
    const sides = clauses.map((c) => {
      const z = logOdds(joinWords(c));
      return z >= sure ? 1 : z <= -sure ? -1 : 0;
    });
    if (!sides.includes(1) || !sides.includes(-1)) return [line];
    // An unsure clause follows the one before it (the first one, the first sure clause after it).
    const firstSure = sides.find((s) => s !== 0) ?? 0;
    const filled: number[] = [];
    sides.forEach((s, i) => filled.push(s !== 0 ? s : i ? filled[i - 1] : firstSure));
    const parts: TimedWord[][] = [];
    clauses.forEach((clause, i) => {
      if (i && filled[i] === filled[i - 1]) parts[parts.length - 1].push(...clause);
      else parts.push([...clause]);
    });
    return parts.map((words) => ({
      ...line,
      startMs: words[0].startMs,
      endMs: words[words.length - 1].endMs,
      text: joinWords(words),
      words,
    }));
  });
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
  const merged: TimedWord[][] = [];
  for (const clause of clauses) {
    const last = merged[merged.length - 1];
    if (last && (clause.length < MIN_CLAUSE_WORDS || last.length < MIN_CLAUSE_WORDS)) last.push(...clause);
    else merged.push(clause);
  }
  return merged;
}
