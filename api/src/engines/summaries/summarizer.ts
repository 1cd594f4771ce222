import type { Recap } from './recap';

/** A transcript segment that survived the table-talk filter. */
export interface SummaryInput {
  /** The transcript line's id: what a recap sentence links back to. */
  id?: string;
  text: string;
  startMs: number;
  endMs?: number;
  /** Who said it, as summaries name them (a player's character); absent for the GM and unknown voices. */
  speaker?: string;
  /**
   * The speaker's names at the table (the player's, the recording's label), where the cast gives
   * them a story name besides, or they are the GM: a sentence saying one of them is about the
   * people playing ("Hi, I'm Marisha Ray", "Sam will write a ballad"), not the story.
   */
  alsoKnownAs?: string[];
}

/** Who wrote a session's summaries: the offline extractive recap, or a language model by name. */
export type SummaryWriter = { kind: 'offline' } | { kind: 'model'; model: string };

export interface Summaries {
  brief: string;
  moderate: string;
  detailed: string;
  /** One line, at most VERY_SHORT_MAX characters. */
  veryShort: string;
  /** The night as scenes, which the texts above are rendered from (or written along, by a model). */
  recap: Recap;
  writer: SummaryWriter;
}

export const VERY_SHORT_MAX = 140;

/** What a writer may know of the campaign besides the lines: who plays, and how its names are spelled. */
export interface SummaryContext {
  /** The player characters (or players, until the cast names their characters). */
  cast: string[];
  /** The campaign's vocabulary: names of people, places and things as the group spells them. */
  vocabulary: string[];
  /** The language the session is spoken in (ISO 639-1, "en"); English when absent. */
  language?: string;
}

export interface SummarizeOptions {
  signal?: AbortSignal;
  context?: SummaryContext;
}

/** Writes the three summaries of a session (brief < moderate < detailed) plus a one-liner. */
export interface Summarizer {
  summarize(segments: SummaryInput[], options?: SummarizeOptions): Promise<Summaries>;
}
