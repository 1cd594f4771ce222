import type { TranscriptLine } from '../transcript/lines';

export interface TableTalkLabel {
  /** Out-of-game chatter (food, scheduling, phones, breaks, rules lookups, real life). */
  tableTalk: boolean;
  /** Confidence that the line is table talk, 0..1. */
  score: number;
}

/** Marks which transcript lines are table talk; returns one label per line, in order. */
export interface TableTalkClassifier {
  classify(lines: string[], options?: { signal?: AbortSignal }): Promise<TableTalkLabel[]>;
  /** Cuts lines that mix an aside and the story into parts classified on their own (before `classify`). */
  separate?(lines: TranscriptLine[]): TranscriptLine[];
}
