/*
 * Derives what bench/real-play.ts needs from a CRD3 snapshot into an ignored folder (default
 * .data/real-play/): per train episode a plain-text transcript (one "Speaker: utterance" line per
 * turn, the format a group would import) and a JSON file with the synopsis split into in-game and
 * out-of-game parts and every in-game synopsis sentence with the turns CRD3 aligns it to.
 * `node -r ./api/test/swc-register.cjs bench/real-play/derive.ts <crd3 git dir> [K] [out dir]`
 */
import fs from 'node:fs';
import path from 'node:path';
import { alignedTrainEpisodes, readAlignment, readEpisode, type Crd3Section, type Crd3Turn } from './crd3';

export const DEFAULT_CRD3 = '/work/.mirror/RevanthRameshkumar+CRD3/repo';
export const DEFAULT_OUT = path.resolve(__dirname, '../../.data/real-play');

/** Synopsis parts about the show, not the story (the issue names the first three; the rest occur in train). */
export const OUT_OF_GAME = /^(pre-show|pre-stream|announcements|break|post-show.*|post-game|afterword|q&a)$/i;

export interface Question {
  /** One synopsis sentence, asked as it is written. */
  sentence: string;
  chunk: number;
  /** The aligned CRD3 turn numbers, inclusive. */
  turnStart: number;
  turnEnd: number;
  /** CRD3's alignment score; chunks it scored 0 (not aligned) are not asked. */
  score: number;
  /** The synopsis part it comes from ("Part I", "Previously on Critical Role"). */
  part: string;
}

export interface DerivedEpisode {
  id: string;
  /** CRD3 turn number of each transcript line, in file order (turns without words have no line). */
  turnOfLine: number[];
  /** Speaker labels as written in the transcript. */
  speakers: string[];
  synopsis: { inGame: string; outOfGame: string };
  questions: Question[];
  /**
   * Aligned sentences left out: from out-of-game parts, found in neither part, aligned with score 0,
   * or without a word (a closing quote the split left on its own: `… week. " Then` gives `"`).
   */
  skipped: { outOfGame: number; unplaced: number; unaligned: number; noWords: number };
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const titleCase = (name: string) =>
  name.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

/** "MATT" → "Matt"; two voices "Laura and Travis"; three or more "All" (CRD3's own label for the table). */
export function speakerLabel(names: string[]): string {
  const labels = names.map(titleCase);
  return labels.length <= 2 ? labels.join(' and ') : 'All';
}

const sentences = (text: string) =>
  squeeze(text)
    .split(/(?<=[.!?]["”)]?)\s+(?=["“(\p{Lu}\d])/u)
    .filter(Boolean);

const sectionText = (sections: Crd3Section[]) =>
  squeeze(sections.flatMap((s) => s.content.map((c) => c.content)).join(' '));

function transcript(turns: Crd3Turn[]): { text: string; turnOfLine: number[]; speakers: string[] } {
  const lines: string[] = [];
  const turnOfLine: number[] = [];
  const speakers = new Set<string>();
  for (const turn of turns) {
    const said = squeeze(turn.UTTERANCES.join(' '));
    if (!said) continue;
    const label = speakerLabel(turn.NAMES);
    speakers.add(label);
    lines.push(`${label}: ${said}`);
    turnOfLine.push(turn.NUMBER);
  }
  return { text: `${lines.join('\n')}\n`, turnOfLine, speakers: [...speakers] };
}

export function deriveEpisode(gitDir: string, id: string): { transcript: string; episode: DerivedEpisode } {
  const source = readEpisode(gitDir, id);
  const synopsis = source.METADATA.Synopsis;
  const inGameParts = synopsis.filter((s) => !OUT_OF_GAME.test(s.heading.trim()));
  const inGame = sectionText(inGameParts);
  const partOf = (sentence: string) =>
    inGameParts.find((s) => sectionText([s]).includes(sentence))?.heading.trim() ?? '';
  const outOfGame = sectionText(synopsis.filter((s) => OUT_OF_GAME.test(s.heading.trim())));
  const questions: Question[] = [];
  const skipped = { outOfGame: 0, unplaced: 0, unaligned: 0, noWords: 0 };
  for (const chunk of readAlignment(gitDir, id)) {
    const a = chunk.ALIGNMENT;
    for (const sentence of sentences(chunk.CHUNK)) {
      if (!/[\p{L}\p{N}]/u.test(sentence)) skipped.noWords += 1;
      else if (inGame.includes(sentence)) {
        if (a['ALIGNMENT SCORE'] <= 0) skipped.unaligned += 1;
        else {
          const score = a['ALIGNMENT SCORE'];
          const turns = { turnStart: a['TURN START'], turnEnd: a['TURN END'] };
          questions.push({ sentence, chunk: a['CHUNK ID'], ...turns, score, part: partOf(sentence) });
        }
      } else if (outOfGame.includes(sentence)) skipped.outOfGame += 1;
      else skipped.unplaced += 1;
    }
  }
  const t = transcript(source.TURNS);
  return {
    transcript: t.text,
    episode: {
      id,
      turnOfLine: t.turnOfLine,
      speakers: t.speakers,
      synopsis: { inGame, outOfGame },
      questions,
      skipped,
    },
  };
}

/** The first `k` aligned train episodes, derived into `outDir` (again each time: a second or two); returns their ids. */
export function deriveEpisodes(gitDir: string, k: number, outDir = DEFAULT_OUT): string[] {
  const ids = alignedTrainEpisodes(gitDir).slice(0, k);
  fs.mkdirSync(outDir, { recursive: true });
  for (const id of ids) {
    const { transcript: text, episode } = deriveEpisode(gitDir, id);
    fs.writeFileSync(path.join(outDir, `${id}.txt`), text);
    fs.writeFileSync(path.join(outDir, `${id}.json`), JSON.stringify(episode));
  }
  return ids;
}

export function loadEpisode(id: string, dir = DEFAULT_OUT): { transcriptPath: string; episode: DerivedEpisode } {
  const episode = JSON.parse(fs.readFileSync(path.join(dir, `${id}.json`), 'utf8')) as DerivedEpisode;
  return { transcriptPath: path.join(dir, `${id}.txt`), episode };
}

if (require.main === module) {
  const [gitDir = DEFAULT_CRD3, k = '3', out = DEFAULT_OUT] = process.argv.slice(2);
  for (const id of deriveEpisodes(gitDir, Number(k), out)) {
    const { episode } = loadEpisode(id, out);
    console.log(
      `${id}: ${episode.turnOfLine.length} lines, ${episode.questions.length} in-game sentences aligned ` +
        `(skipped: ${episode.skipped.outOfGame} out-of-game, ${episode.skipped.unplaced} unplaced, ` +
        `${episode.skipped.unaligned} unaligned, ${episode.skipped.noWords} without a word) → ${out}`,
    );
  }
}
