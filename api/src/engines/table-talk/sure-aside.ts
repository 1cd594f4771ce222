import { readLabelledLines } from './labelled-lines';
import { DEFAULT_TRAINING_FILES, SURE_CLAUSE } from './lexical-classifier';
import { NaiveBayes } from './naive-bayes';

let linesModel: NaiveBayes | undefined;

/**
 * Whether our labelled lines (a home table's asides and play) are sure, by themselves, that a line
 * is an aside, whatever the classifier made of it in its place. A long line is labelled by real
 * play's counts and its neighbours, which can read a player's aside between two lines of narration
 * as play ("My axe at home is way less heroic, I broke the handle chopping firewood…": log odds 7
 * here, play there). Such a line stays in the story, but is not quoted as context for another.
 */
export function readsAsAside(text: string): boolean {
  linesModel ??= new NaiveBayes(DEFAULT_TRAINING_FILES.flatMap(readLabelledLines));
  return linesModel.logOdds(text) >= SURE_CLAUSE;
}
