/* The recap figures of the real-play bench (recaps.ts), each episode's, then the RESULT lines of issue 46's goals. */
import { namesIn } from './names';
import { scoreRecap, type RecapScore, type RecapSession } from './recaps';
import type { ImportedEpisode } from './score';
import type { NameScore } from './summaries';

const GOALS = { oracleShare: 0.6, coverage: 0.5, precisionTimes: 3, names: 0.6, per100: 6, indexEntries: 120 };

type Result = (name: string, value: string | number, goal?: string, ok?: boolean) => void;
type Session = RecapSession & { transcriptLines: Array<{ id: string }> };

const f2 = (x: number) => x.toFixed(2);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

export function reportRecaps(
  imported: ImportedEpisode[],
  sessions: Session[],
  names: NameScore,
  indexEntries: number,
  result: Result,
): RecapScore[] {
  const scores = imported.map((episode, i) =>
    scoreRecap(
      episode,
      sessions[i],
      sessions[i].transcriptLines.map((l) => l.id),
    ),
  );
  console.log('\n  recaps (ROUGE-2 F1: recap / evenly spaced lines / oracle; words):');
  for (const s of scores)
    console.log(
      `  ${s.id}: brief ${f2(s.rouge.brief.r2)}/${f2(s.even.brief.r2)} (${s.words.brief}), moderate ` +
        `${f2(s.rouge.moderate.r2)}/${f2(s.even.moderate.r2)} (${s.words.moderate}), detailed ${f2(s.rouge.detailed.r2)}/` +
        `${f2(s.even.detailed.r2)}/${f2(s.oracle.r2)} (${s.words.detailed}); R1 ${f2(s.rouge.detailed.r1)} RL ` +
        `${f2(s.rouge.detailed.rL)}; coverage ${f2(s.coverage)}, precision ${f2(s.precision)} (even ${f2(s.precisionEven)}); ` +
        `names p ${f2(s.names.precision)} r ${f2(s.names.recall)} ${s.names.per100.toFixed(1)}/100 words; brief ` +
        `${s.brief.sentences} sentences`,
    );
  for (const level of ['brief', 'moderate', 'detailed'] as const)
    for (const n of ['r1', 'r2', 'rL'] as const) {
      result(`real_play_recap_${level}_${n}`, f2(mean(scores.map((s) => s.rouge[level][n]))));
      result(`real_play_recap_${level}_${n}_even_lines`, f2(mean(scores.map((s) => s.even[level][n]))));
    }
  result('real_play_recap_detailed_r2_oracle', f2(mean(scores.map((s) => s.oracle.r2))));
  const share = Math.min(...scores.map((s) => (s.oracle.r2 ? s.rouge.detailed.r2 / s.oracle.r2 : 0)));
  result('real_play_recap_detailed_oracle_share_min', f2(share), `>=${GOALS.oracleShare}`, share >= GOALS.oracleShare);
  const coverage = mean(scores.map((s) => s.coverage));
  result('real_play_recap_coverage', f2(coverage), `>=${GOALS.coverage}`, coverage >= GOALS.coverage);
  const [precision, even] = [mean(scores.map((s) => s.precision)), mean(scores.map((s) => s.precisionEven))];
  const times = even ? precision / even : 0;
  result('real_play_recap_precision', f2(precision));
  result('real_play_recap_precision_even_lines', f2(even));
  result('real_play_recap_precision_times_even', f2(times), `>=${GOALS.precisionTimes}`, times >= GOALS.precisionTimes);
  const np = mean(scores.map((s) => s.names.precision));
  const nr = mean(scores.map((s) => s.names.recall));
  const per100 = Math.max(...scores.map((s) => s.names.per100));
  result('real_play_recap_name_precision', f2(np), `>=${GOALS.names}`, np >= GOALS.names);
  result('real_play_recap_name_recall', f2(nr), `>=${GOALS.names}`, nr >= GOALS.names);
  result('real_play_recap_names_per_100_words_max', per100.toFixed(1), `<=${GOALS.per100}`, per100 <= GOALS.per100);
  const briefs = scores.map((s) => s.brief);
  const sized = briefs.every((b) => b.sentences >= 3 && b.sentences <= 6);
  result('real_play_brief_sentences_3_to_6', sized ? 1 : 0, '=1', sized);
  for (const flaw of ['quoted', 'person', 'questions', 'fragments'] as const) {
    const count = briefs.reduce((n, b) => n + b[flaw], 0);
    result(`real_play_brief_${flaw}`, count, '=0', count === 0);
  }
  const outOfGame = names.perEpisode.reduce(
    (n, e, i) => n + namesIn(e.outOfGame, sessions[i].briefSummary.replace(/<[^>]+>/g, ' ')).length,
    0,
  );
  result('real_play_brief_out_of_game_names', outOfGame, '=0', outOfGame === 0);
  const entriesOk = imported.length !== 3 || indexEntries <= GOALS.indexEntries;
  result('real_play_index_entries_3_episodes', indexEntries, `<=${GOALS.indexEntries}`, entriesOk);
  return scores;
}
