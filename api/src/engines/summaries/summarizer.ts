/** A transcript segment that survived the table-talk filter. */
export interface SummaryInput {
  text: string;
  startMs: number;
  /** Who said it, as summaries name them (a player's character); absent for the GM and unknown voices. */
  speaker?: string;
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
