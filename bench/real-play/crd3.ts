/*
 * Reading CRD3 (Critical Role Dungeons and Dragons Dataset, Rameshkumar & Bailey, ACL 2020, CC BY-SA
 * 4.0) from a fetched bare git snapshot, without a work tree. Train split only: an episode that
 * `data/aligned data/train_files` does not list is refused before its file is read.
 */
import { execFileSync } from 'node:child_process';

export interface Crd3Turn {
  NAMES: string[];
  UTTERANCES: string[];
  NUMBER: number;
}

export interface Crd3Section {
  heading: string;
  content: Array<{ 'sub-heading': string; content: string }>;
}

export interface Crd3Episode {
  METADATA: { Synopsis: Crd3Section[] };
  TURNS: Crd3Turn[];
}

/** One synopsis chunk (c=2: two sentences) and the turns it is aligned to, inclusive. */
export interface Crd3Chunk {
  CHUNK: string;
  ALIGNMENT: { 'CHUNK ID': number; 'TURN START': number; 'TURN END': number; 'ALIGNMENT SCORE': number };
}

const show = (gitDir: string, file: string): string =>
  execFileSync('git', ['--git-dir', gitDir, 'show', `HEAD:${file}`], { encoding: 'utf8', maxBuffer: 256 << 20 });

/** The train episodes, in the order the dataset lists them. */
export function trainEpisodes(gitDir: string): string[] {
  return show(gitDir, 'data/aligned data/train_files')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/**
 * The train episodes that have a c=2 alignment, in the dataset's order. Not every one has: C1E015's
 * `_2_0.json` is missing from the snapshot, which stopped a bench of 15 episodes or more.
 */
export function alignedTrainEpisodes(gitDir: string): string[] {
  return trainEpisodes(gitDir).filter((id) => {
    try {
      execFileSync('git', ['--git-dir', gitDir, 'cat-file', '-e', `HEAD:${alignmentPath(id)}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

const alignmentPath = (id: string) => `data/aligned data/c=2/${id}_2_0.json`;

function requireTrain(gitDir: string, id: string): void {
  if (!trainEpisodes(gitDir).includes(id)) throw new Error(`${id} is not in the train split: refused`);
}

export function readEpisode(gitDir: string, id: string): Crd3Episode {
  requireTrain(gitDir, id);
  return JSON.parse(show(gitDir, `data/cleaned data/${id}.json`)) as Crd3Episode;
}

/** The c=2 alignment (`<id>_2_0.json`): synopsis chunks of two sentences to turn ranges. */
export function readAlignment(gitDir: string, id: string): Crd3Chunk[] {
  requireTrain(gitDir, id);
  return JSON.parse(show(gitDir, alignmentPath(id))) as Crd3Chunk[];
}
