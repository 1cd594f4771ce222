/*
 * Questions as a player asks them, not synopsis sentences: 41 written by hand for C1E001–C1E003
 * from the fan wiki's synopsis (CRD3's train split; credit in docs/real-play.md), each tied to the
 * synopsis sentence that answers it, so CRD3's alignment of that sentence says where the answer is.
 * Scored like the synopsis sentences (questions.ts), BM25 over the same windows beside them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Question } from './derive';
import type { ImportedEpisode } from './score';

interface Written {
  episode: string;
  /** Index of the answering sentence in the derived episode's `questions`. */
  sentence: number;
  /** Its first words, to catch a derive change that moved the sentences. */
  opens: string;
  question: string;
}

const WRITTEN: Written[] = JSON.parse(fs.readFileSync(path.join(__dirname, 'natural-questions.json'), 'utf8'));

const words = (text: string) => text.replace(/"/g, '').split(/\s+/).filter(Boolean);

/** The written questions of an imported episode, each as the question asked with its sentence's alignment. */
export function naturalQuestions(imported: ImportedEpisode): Question[] {
  return WRITTEN.filter((w) => w.episode === imported.episode.id).map((w) => {
    const answering = imported.episode.questions[w.sentence];
    if (!answering || words(answering.sentence).slice(0, 4).join(' ') !== w.opens)
      throw new Error(`natural-questions.json: ${w.episode} sentence ${w.sentence} no longer opens "${w.opens}"`);
    return { ...answering, sentence: w.question };
  });
}

/** Episodes the written questions cover. */
export const naturalEpisodes = () => [...new Set(WRITTEN.map((w) => w.episode))];
