import { eventFeatures } from './event-score';

/** What the salience model reads of a candidate recap sentence and the line it was said in. */
export interface SalienceInput {
  /** The sentence as the recap would tell it (retold in the third person). */
  text: string;
  /** The line as said: narration's "you see" is lost in the retelling. */
  lineText: string;
  length: number;
  narration: boolean;
  story: boolean;
  quotes: boolean;
  /** Names with evidence the sentence says (recap-names.ts). */
  names: number;
  /** Where in its scene the line is, 0 (first) to 1 (last). */
  position: number;
  /** Its lines from the scene's start. */
  fromStart: number;
  /** Its concept centrality over the scene's best, 0..1 (recap-builder.ts). */
  centrality: number;
  /** The share of the words said in its line and three either side that are the GM's narration. */
  narrationAround: number;
}

// The GM describing what the party meets: the moment a synopsis retells.
const YOU_SEE =
  /\b(?:you (?:see|notice|find|hear|feel|come|arrive|enter|reach|spot|watch|look)|in front of you|before you|ahead of you)\b/i;

export const SALIENCE_FEATURES = [
  'narration',
  'story',
  'quotes',
  'logLength',
  'short',
  'names',
  'verbs',
  'places',
  'creatures',
  'items',
  'mechanics',
  'youSee',
  'logLineWords',
  'position',
  'opening',
  'centrality',
  'narrationAround',
] as const;

/** The candidate's features, in `SALIENCE_FEATURES` order, each small (0..3) so one rate fits them all. */
export function salienceFeatures(input: SalienceInput): number[] {
  const f = eventFeatures(input.text, new Set());
  const lineWords = input.lineText.split(/\s+/).filter(Boolean).length;
  return [
    input.narration ? 1 : 0,
    input.story ? 1 : 0,
    input.quotes ? 1 : 0,
    Math.log(Math.max(1, input.length)),
    input.length < 8 ? 1 : 0,
    Math.min(input.names, 3),
    Math.min(f.verbs, 3),
    Math.min(f.places, 2),
    Math.min(f.creatures, 2),
    Math.min(f.items, 2),
    Math.min(f.mechanics, 2),
    YOU_SEE.test(input.lineText) ? 1 : 0,
    Math.log(1 + lineWords),
    input.position,
    input.fromStart < 3 ? 1 : 0,
    input.centrality,
    input.narrationAround,
  ];
}

/**
 * Logistic-regression weights (bias first, then `SALIENCE_FEATURES`): the odds that a candidate's
 * line lies where CRD3's alignment places a synopsis chunk. Fitted by bench/real-play/recap-salience.ts
 * on CRD3 train episodes only, never val/test (which: docs/real-play.md#why-the-constants-are-what-they-are).
 */
export const SALIENCE_WEIGHTS: readonly number[] = [
  -3.456, -0.271, 0.028, 0.126, -0.006, 0.048, 0.015, 0.041, 0.136, 0.132, -0.106, 0, 0.1, 0.331, 0.496, 1.137, 0.034,
  0.696,
];

/** The learned probability that a synopsis retells the candidate's moment. */
export function salience(input: SalienceInput, weights: readonly number[] = SALIENCE_WEIGHTS): number {
  const x = salienceFeatures(input);
  const z = x.reduce((sum, v, i) => sum + v * weights[i + 1], weights[0]);
  return 1 / (1 + Math.exp(-z));
}
