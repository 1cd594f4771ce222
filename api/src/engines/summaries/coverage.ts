import { STOP_WORDS, words } from '../text/tokenize';
import { key, stem, tokens } from './event-score';

/**
 * What a recap should cover, as concepts with weights (Gillick & Favre's concept-coverage
 * summarization): the session's names (who and where, what players ask about) weigh most, then
 * the other content words. Weights grow with how often the session says them, but
 * only logarithmically, so the one name said a hundred times does not crowd out the rest.
 */
export type Concepts = Map<string, number>;

/**
 * A name said once outweighs the content words of a whole sentence (about ten at ln(1 + count)): who
 * and where is what a recap is read for. Figures: docs/real-play.md#why-the-constants-are-what-they-are.
 */
const NAME_WEIGHT = 24;
/**
 * A name the game master never says while narrating (a player's name, a film, a real place) is
 * more likely table talk than story: it counts for this much of its weight.
 */
const UNNARRATED = 0.3;

/**
 * The concepts of a sentence: its names as written, its other content words by stem. A name is
 * only a name capitalised: "the manor" does not tell who or where "Greyspine Manor" does.
 */
export function conceptsOf(sentence: string, names: Set<string>): string[] {
  const found = new Set<string>();
  const named = new Set<string>();
  for (const token of tokens(sentence)) {
    const k = key(token);
    if (names.has(k) && CAPITALISED.test(token)) {
      found.add(`@${k}`);
      named.add(k);
    }
  }
  for (const word of words(sentence))
    if (!STOP_WORDS.has(word) && word.length > 2 && !named.has(word)) found.add(stem(word));
  return [...found];
}

const CAPITALISED = /^\p{Lu}/u;

/**
 * Each concept's weight from how often the session says it (texts as said, before any retelling);
 * `narrated` holds the words of the GM's narration, when the lines tell it apart.
 */
export function weigh(texts: string[], names: Set<string>, narrated?: Set<string>): Concepts {
  const counts = new Map<string, number>();
  for (const text of texts) for (const c of conceptsOf(text, names)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const weights: Concepts = new Map();
  for (const [concept, count] of counts) {
    if (concept.startsWith('@')) {
      const told = !narrated || narrated.has(concept.slice(1)) ? 1 : UNNARRATED;
      weights.set(concept, told * NAME_WEIGHT * (1 + Math.log(count)));
    } else weights.set(concept, Math.log(1 + count));
  }
  return weights;
}

export interface Unit {
  concepts: string[];
  length: number;
}

/**
 * Budgeted maximum coverage, greedily (Khuller et al.; Lin & Bilmes 2010): the next unit is the one
 * whose not yet covered concepts weigh most per word, among those that still fit the budget.
 * `covered` is shared across calls, so what one scene told, the next need not tell again.
 */
export function greedyCover(
  units: Unit[],
  weights: Concepts,
  covered: Set<string>,
  budget: number,
  allowed: (i: number, picked: number[]) => boolean = () => true,
): number[] {
  const picked: number[] = [];
  let used = 0;
  const left = new Set(units.keys());
  for (;;) {
    let best = -1;
    let bestScore = 0;
    for (const i of left) {
      const unit = units[i];
      if (used + unit.length > budget || !allowed(i, picked)) continue;
      let gain = 0;
      for (const c of unit.concepts) if (!covered.has(c)) gain += weights.get(c) ?? 0;
      const score = gain / unit.length;
      if (score > bestScore) {
        best = i;
        bestScore = score;
      }
    }
    if (best < 0) return picked;
    left.delete(best);
    picked.push(best);
    used += units[best].length;
    for (const c of units[best].concepts) covered.add(c);
  }
}
