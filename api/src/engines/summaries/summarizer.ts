/** A transcript segment that survived the table-talk filter. */
export interface SummaryInput {
  text: string;
  startMs: number;
  /** Who said it, as summaries name them (a player's character); absent for the GM and unknown voices. */
  speaker?: string;
}

/** "I", "me", "my"…: a line said in the first person needs its speaker to say who did it ("mine" is too often the noun). */
const FIRST_PERSON = /\b(?:I|I'm|I'll|I've|I'd|me|my|myself)\b/i;

/**
 * A line as a summary can quote it: "Bram: I take the Ember Blade." when a player says what their
 * character does, the text alone when it names its own subject (the GM's "Bram takes the blade").
 */
export function attributed(line: SummaryInput): string {
  const text = line.text.trim();
  return line.speaker && FIRST_PERSON.test(text) ? `${line.speaker}: ${text}` : text;
}

export interface Summaries {
  brief: string;
  moderate: string;
  detailed: string;
  /** One line, at most VERY_SHORT_MAX characters. */
  veryShort: string;
}

export const VERY_SHORT_MAX = 140;

/** Writes the three summaries of a session (brief < moderate < detailed) plus a one-liner. */
export interface Summarizer {
  summarize(segments: SummaryInput[], options?: { signal?: AbortSignal }): Promise<Summaries>;
}
