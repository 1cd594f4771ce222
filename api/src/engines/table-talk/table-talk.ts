import type { TranscriptLine } from '../transcript/lines';
import type { LabelledLine } from './labelled-lines';
import type { TableTalkReason } from './reasons';

export type { TableTalkReason } from './reasons';

export interface TableTalkLabel {
  /** Out-of-game chatter (food, scheduling, phones, breaks, rules lookups, real life). */
  tableTalk: boolean;
  /** Confidence that the line is table talk, 0..1. */
  score: number;
  /** Why a line marked table talk is (rules, dice, food, scheduling, break, sponsor, off-topic); absent in play. */
  reason?: TableTalkReason;
}

export interface ClassifyOptions {
  signal?: AbortSignal;
  /**
   * Lines the campaign's owner labelled by hand (flipped between in-game and table talk): the
   * campaign's own examples, which a classifier that learns weighs above its shared training.
   */
  corrections?: LabelledLine[];
  /**
   * Who spoke each line, where the recording says (a multi-track upload): 'gm', 'player' or null.
   * The GM narrates: their lines need clearer evidence to count as table talk.
   */
  speakers?: Array<'gm' | 'player' | null>;
}

/** Marks which transcript lines are table talk; returns one label per line, in order. */
export interface TableTalkClassifier {
  classify(lines: string[], options?: ClassifyOptions): Promise<TableTalkLabel[]>;
  /** Cuts lines that mix an aside and the story into parts classified on their own (before `classify`). */
  separate?<T extends TranscriptLine>(lines: T[]): T[];
}
