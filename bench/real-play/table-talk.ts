/*
 * Table talk on real play (issue 26): which CRD3 turns are in the game and which are out of it, by the
 * synopsis part each c=2 chunk comes from ("Announcements", "Break", "Q&A"… are out of game), and how
 * many words of each the classifier marks. A turn that chunks of both sides cover counts for neither.
 * Run on its own it classifies train episodes in process with the shipped classifier, for the dev
 * episodes the bench imports (C1E001–C1E003) and the held-out quarter of the rest, which the CRD3 word
 * counts in api/src/engines/table-talk/data/ were not fitted on (table-talk-model.ts). Beside them the
 * other side of the trade: a home game's asides, the dev campaign's Whisper lines (issue 8), whose
 * table talk CRD3's synopsis would mostly count in the game (rules questions, one-line asides):
 * `node -r ./api/test/swc-register.cjs bench/real-play/table-talk.ts [crd3 git dir]`
 */
import { spawnSync } from 'node:child_process';
import { LexicalTableTalkClassifier } from '../../api/src/engines/table-talk/lexical-classifier';
import { correctToVocabulary, parseVocabulary } from '../../api/src/engines/text/vocabulary';
import {
  devCampaign,
  lineLabels,
  SESSIONS,
  WAYS,
  whisperTranscript,
} from '../../api/src/engines/transcript/fixtures/dev-campaign';
import { splitIntoLines } from '../../api/src/engines/transcript/lines';
import { readAlignment, readEpisode, trainEpisodes } from './crd3';
import { scriptedNights } from './table-talk-home';
import { DEFAULT_CRD3, OUT_OF_GAME, speakerLabel } from './derive';

export type Side = 'in' | 'out';

/** TABLE_TALK_QUICK=1: the shipped classifier only, each half of the held-out episodes once (seconds). */
const QUICK = process.env.TABLE_TALK_QUICK === '1';

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Each turn's side by the chunks aligned to it; turns that both sides claim are left out. */
export function turnSides(gitDir: string, id: string): Map<number, Side> {
  const outOfGame = squeeze(
    readEpisode(gitDir, id)
      .METADATA.Synopsis.filter((s) => OUT_OF_GAME.test(s.heading.trim()))
      .flatMap((s) => s.content.map((c) => c.content))
      .join(' '),
  );
  const sides = new Map<number, Side | 'both'>();
  for (const chunk of readAlignment(gitDir, id)) {
    // A chunk that starts in one part and ends in the next is claimed by both.
    const text = squeeze(chunk.CHUNK);
    const ends = [text.slice(0, 60), text.slice(-60)].map((end) => (outOfGame.includes(end) ? 'out' : 'in'));
    const side = ends[0] === ends[1] ? ends[0] : 'both';
    for (let turn = chunk.ALIGNMENT['TURN START']; turn <= chunk.ALIGNMENT['TURN END']; turn++) {
      const seen = sides.get(turn);
      sides.set(turn, seen && seen !== side ? 'both' : side);
    }
  }
  return new Map([...sides].filter((e): e is [number, Side] => e[1] !== 'both'));
}

/** Words of the turns of each side, and how many of them are marked table talk. */
export interface SideWords {
  in: { words: number; marked: number };
  out: { words: number; marked: number };
}

export function emptySideWords(): SideWords {
  return { in: { words: 0, marked: 0 }, out: { words: 0, marked: 0 } };
}

/** Adds one episode's lines (text, marked, CRD3 turn) to `total`. */
export function addSideWords(
  total: SideWords,
  sides: Map<number, Side>,
  lines: Array<{ text: string; tableTalk: boolean; turn: number }>,
): SideWords {
  for (const line of lines) {
    const side = sides.get(line.turn);
    if (!side) continue;
    const n = wordCount(line.text);
    total[side].words += n;
    if (line.tableTalk) total[side].marked += n;
  }
  return total;
}

/** Share of in-game words marked table talk, share of out-of-game words caught. */
export const shares = (w: SideWords) => ({
  inGameMarked: w.in.marked / Math.max(1, w.in.words),
  outOfGameCaught: w.out.marked / Math.max(1, w.out.words),
});

/** The train episodes the CRD3 counts are fitted on, and the ones held out from that fit. */
export function episodeSplit(gitDir: string): { dev: string[]; fit: string[]; heldOut: string[] } {
  const train = trainEpisodes(gitDir);
  const rest = train.slice(3);
  return {
    dev: train.slice(0, 3),
    fit: rest.filter((_, i) => i % 4 !== 0),
    heldOut: rest.filter((_, i) => i % 4 === 0),
  };
}

/** An episode's lines as the bench imports them (one per turn with words), with their turn numbers. */
export function episodeLines(gitDir: string, id: string): Array<{ text: string; turn: number; speaker: string }> {
  return readEpisode(gitDir, id)
    .TURNS.map((t) => ({ text: squeeze(t.UTTERANCES.join(' ')), turn: t.NUMBER, speaker: speakerLabel(t.NAMES) }))
    .filter((l) => l.text);
}

/** Whether CRD3 aligned the episode at c=2 (a few train episodes have no alignment file). */
export function isAligned(gitDir: string, id: string): boolean {
  const file = `HEAD:data/aligned data/c=2/${id}_2_0.json`;
  return spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', file]).status === 0;
}

/** The classifier's words per side over `ids`, printing each episode's shares. */
async function measure(gitDir: string, ids: string[], classifier: LexicalTableTalkClassifier): Promise<SideWords> {
  const total = emptySideWords();
  for (const id of ids) {
    // As a plain-text import stores them: long turns that open with an aside are cut (mixed-lines.ts).
    const lines = classifier.separate(episodeLines(gitDir, id).map((l) => ({ ...l, startMs: 0, endMs: 0, words: [] })));
    const labels = await classifier.classify(lines.map((l) => l.text));
    const marked = lines.map((l, i) => ({ ...l, tableTalk: labels[i].tableTalk }));
    const s = shares(addSideWords(emptySideWords(), turnSides(gitDir, id), marked));
    addSideWords(total, turnSides(gitDir, id), marked);
    if (!QUICK)
      console.log(
        `  ${id}: in-game marked ${s.inGameMarked.toFixed(2)}, out-of-game caught ${s.outOfGameCaught.toFixed(2)}`,
      );
  }
  return total;
}

/** The dev campaign's Whisper lines (4 ways × 3 sessions), corrected to its vocabulary, each with its label. */
export function homeNights() {
  const vocabulary = parseVocabulary(devCampaign.vocabulary);
  return WAYS.flatMap((way) =>
    SESSIONS.map((session) => {
      const lines = correctToVocabulary(splitIntoLines(whisperTranscript(session, way)), vocabulary);
      return { night: `${session}.${way}`, lines, truth: lineLabels(session, lines) };
    }),
  );
}

/** On the dev campaign's Whisper lines: table-talk lines left in play, game lines marked. */
async function homeGame(classifier: LexicalTableTalkClassifier): Promise<{ leftInPlay: number; marked: number }> {
  const tally = { leftInPlay: 0, marked: 0 };
  for (const { lines, truth } of homeNights()) {
    const labels = await classifier.classify(lines.map((l) => l.text));
    truth.forEach((label, i) => {
      if (label === 'table' && !labels[i].tableTalk) tally.leftInPlay++;
      if (label === 'game' && labels[i].tableTalk) tally.marked++;
    });
  }
  return tally;
}

async function main(): Promise<void> {
  const gitDir = process.argv[2] ?? DEFAULT_CRD3;
  const split = episodeSplit(gitDir);
  // The shipped classifier, and our labelled lines alone (what it was before real play's counts) beside it.
  const classifiers = [
    ['', new LexicalTableTalkClassifier()],
    ['_labelled_lines_only', new LexicalTableTalkClassifier({ realPlayCounts: null })],
  ] as const;
  for (const [how, classifier] of QUICK ? classifiers.slice(0, 1) : classifiers) {
    const heldOut = split.heldOut.filter((id) => isAligned(gitDir, id));
    // The held-out quarter in two: changes are tuned on the dev episodes and the first half, reported on the second.
    const sets = [
      ['dev', split.dev],
      ['held_out', heldOut],
      ['held_out_tune', heldOut.filter((_, i) => i % 2 === 0)],
      ['held_out_report', heldOut.filter((_, i) => i % 2 === 1)],
    ] as const;
    for (const [name, ids] of sets.filter(([n]) => !QUICK || n !== 'held_out')) {
      const s = shares(await measure(gitDir, ids, classifier));
      const prefix = `RESULT name=table_talk${how}_${name}`;
      console.log(`${prefix}_in_game_marked value=${s.inGameMarked.toFixed(3)} episodes=${ids.length}`);
      console.log(`${prefix}_out_of_game_caught value=${s.outOfGameCaught.toFixed(3)}`);
    }
    const home = await homeGame(classifier);
    console.log(`RESULT name=table_talk${how}_home_asides_left_in_play value=${home.leftInPlay}`);
    console.log(`RESULT name=table_talk${how}_home_game_lines_marked value=${home.marked}`);
    const scripts = await scriptedNights(classifier);
    console.log(`RESULT name=table_talk${how}_ai_quality_scripts_asides_left_in_play value=${scripts.leftInPlay}`);
    console.log(`RESULT name=table_talk${how}_ai_quality_scripts_game_lines_marked value=${scripts.marked}`);
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
