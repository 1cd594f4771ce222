import type { SummaryInput } from './summarizer';

/**
 * Where a night opens on the GM's retelling of the last one ("Last we left off, …", "let's do a
 * little recap"), those lines are the night's own summary of what came before: a scene of their
 * own, "Previously", told more fully than a scene of play and left out of the brief, which tells
 * this night. English cues only (the retelling rules read English).
 */
const CUE =
  /\b(?:recap|overview|previously|last (?:time|week|session|game)|(?:where )?we left off|when we last left|last we (?:left|saw))\b/i;
/** Said where the retelling hands over to play: "And that's where we pick up." */
const HANDOVER = /\b(?:where we (?:pick up|left off|begin)|that brings us to)\b/i;
/** The retelling is looked for among the night's first lines only: a tenth of them, ten at least. */
const OPENING_SHARE = 0.1;
const OPENING_LINES = 10;
/** At most this many lines, and a tenth of the night's: a retelling is minutes long, not the night. */
const MOST_LINES = 40;
/** A player's line longer than this is play resuming, not a remark across the retelling. */
const REMARK_WORDS = 25;

/** The GM's retelling of the last session at the night's start, as a range of lines [start, end), if any. */
export function previouslyPassage(
  lines: SummaryInput[],
  narrator: string | undefined,
): { start: number; end: number } | undefined {
  const isNarration = (l: SummaryInput) => !l.speaker || l.speaker === narrator;
  const opening = Math.max(OPENING_LINES, Math.ceil(lines.length * OPENING_SHARE));
  const most = Math.min(MOST_LINES, Math.max(1, Math.ceil(lines.length * OPENING_SHARE)));
  // Outside quotes: a character the GM speaks as may say "last we saw her" of the story itself.
  const cue = (l: SummaryInput) => isNarration(l) && CUE.test(l.text.replace(/["“][^"”]*["”]?/g, ' '));
  const first = lines.slice(0, opening).findIndex(cue);
  if (first < 0) return undefined;
  const handover = (l: SummaryInput) => isNarration(l) && HANDOVER.test(l.text);
  // A remark across the retelling is short; a long player's line is play, before or after it.
  const retelling = (l: SummaryInput) => isNarration(l) || l.text.split(/\s+/).length <= REMARK_WORDS;
  // "This is where we left off" said first closes a retelling that named no cue: it lies before.
  if (handover(lines[first])) {
    let start = first;
    while (start > 0 && first - start < most && retelling(lines[start - 1])) start -= 1;
    return start < first ? { start, end: first + 1 } : undefined;
  }
  const start = first;
  let end = start + 1;
  while (end < Math.min(lines.length, start + most)) {
    const line = lines[end];
    // The handover line starts the play, so it opens the next scene.
    if (handover(line) || !retelling(line)) break;
    end += 1;
  }
  return { start, end };
}
