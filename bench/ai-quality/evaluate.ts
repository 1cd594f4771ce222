/*
 * Scores one engine configuration's run of the fixture campaign, and says for every miss where
 * the information was lost: speech-to-text, the table-talk filter, or the summary / retrieval /
 * answer after them, by following the script lines it comes from into the transcript.
 */
import type { Answer, Segment, SessionResult } from './app';
import { spokenLines, type Campaign, type FixtureSession, type Keyword, type LineRef, type Question } from './fixture';
import { missingKeywords, showKeyword, sentences, sourceLines, together, wordErrors, words } from './score';

export interface SessionRun {
  fixture: FixtureSession;
  id: string;
  audioSeconds: number;
  result: SessionResult;
  segments: Segment[];
  /** Seconds the transcription activities ran; null when the workflow history could not be read. */
  sttSeconds: number | null;
  /** Upload answered -> READY. */
  pipelineSeconds: number;
}

export interface Run {
  engine: string;
  sessions: SessionRun[];
  answers: Answer[];
}

export interface Leak {
  where: string;
  text: string;
  line: string;
}

const SUMMARIES = ['briefSummary', 'moderateSummary', 'detailedSummary'] as const;

type LineStats = ReturnType<typeof lineStats>;

const clip = (text: string) => `"${text.length > 160 ? `${text.slice(0, 160)}…` : text}"`;

/**
 * Follows the script lines a fact or answer comes from through the pipeline: what speech-to-text
 * made of them and how the filter marked them. 'in-game' means they came through intact, so the
 * stage being scored (summary, retrieval, answer) lost it. The best of the candidate lines counts.
 */
export function followLines(
  stats: LineStats[],
  refs: LineRef[],
  keywords: Keyword[],
): { stage: 'in-game' | 'filter' | 'speech-to-text'; detail: string } {
  const outcomes = refs.map(({ session, lines }) => {
    const { segments, segmentsOfLine } = stats[session];
    const landed = [...new Set(lines.flatMap((l) => segmentsOfLine[l]))].sort((a, b) => a - b).map((i) => segments[i]);
    const text = landed.map((s) => s.text).join(' ');
    const where = `session ${session + 1}`;
    if (!landed.length)
      return { rank: 0, stage: 'speech-to-text' as const, detail: `the line is not in the ${where} transcript` };
    const missing = missingKeywords(text, keywords);
    if (missing.length) {
      return {
        rank: 1,
        stage: 'speech-to-text' as const,
        detail: `the line came out as ${clip(text)} (no ${missing.map(showKeyword).join(', ')}; ${where})`,
      };
    }
    const inGame = landed
      .filter((s) => !s.tableTalk)
      .map((s) => s.text)
      .join(' ');
    if (missingKeywords(inGame, keywords).length) {
      return {
        rank: 2,
        stage: 'filter' as const,
        detail: `the line came through but marked table talk: ${clip(text)} (${where})`,
      };
    }
    return { rank: 3, stage: 'in-game' as const, detail: `the line came through in game: ${clip(text)} (${where})` };
  });
  return outcomes.reduce((best, o) => (o.rank > best.rank ? o : best));
}

/** Per session: how the transcript lines map to script lines, and what the filter made of them. */
function lineStats(session: SessionRun) {
  const script = spokenLines(session.fixture);
  const transcript = session.segments.map((s) => s.text);
  const { votes, rightPerLine } = wordErrors(script, transcript);
  const byVoice = new Map<string, { words: number; right: number }>();
  script.forEach((line, i) => {
    const v = byVoice.get(line.voice) ?? { words: 0, right: 0 };
    v.words += words(line.text).length;
    v.right += rightPerLine[i];
    byVoice.set(line.voice, v);
  });
  // WER on what was heard, all lines in order as one text: not on the full transcript, whose
  // "Speaker 1:" labels (one-track diarization) would count as two inserted words a line.
  const { edits, refWords } = wordErrors(script, [transcript.join(' ')]);
  // Words of each script line that landed in lines marked table talk, and in all lines.
  const filtered = script.map(() => 0);
  const landed = script.map(() => 0);
  let mixed = 0;
  votes.forEach((v, i) => {
    const total = [...v.values()].reduce((a, b) => a + b, 0);
    let tt = 0;
    for (const [line, n] of v) {
      landed[line] += n;
      if (session.segments[i].tableTalk) filtered[line] += n;
      if (script[line].tableTalk) tt += n;
    }
    if (tt >= 2 && total - tt >= 2) mixed++;
  });
  const marked = (i: number) => landed[i] > 0 && filtered[i] * 2 > landed[i];
  const segmentsOfLine = script.map(() => [] as number[]);
  votes.forEach((v, i) => v.forEach((_, line) => segmentsOfLine[line].push(i)));
  const tt = script.map((l, i) => i).filter((i) => script[i].tableTalk);
  const ig = script.map((l, i) => i).filter((i) => !script[i].tableTalk);
  return {
    edits,
    refWords,
    scriptLines: script.length,
    caught: tt.filter(marked).length,
    tableTalkLines: tt.length,
    wronglyFiltered: ig.filter(marked).length,
    inGameLines: ig.length,
    mixed,
    byVoice,
    segments: session.segments,
    segmentsOfLine,
    missedTableTalk: tt.filter((i) => !marked(i)).map((i) => script[i].text),
    filteredInGame: ig.filter(marked).map((i) => script[i].text),
  };
}

interface Verdict {
  ok: boolean;
  /** The stage that lost it: speech-to-text, line splitting, filter, or retrieval/answer after them. */
  stage?: string;
  why: string;
}

function judge(q: Question, answer: Answer, run: Run, stats: LineStats[], titles: string[]): Verdict {
  const cited = answer.citations[0];
  const citedSession = run.sessions.findIndex((s) => s.id === cited?.sessionId);
  const firstQuote = cited ? `"${cited.quote.slice(0, 90)}"` : '';
  if (q.decline) {
    if (!answer.found) return { ok: true, why: 'declined' };
    const script = spokenLines(run.sessions[citedSession]?.fixture ?? run.sessions[0].fixture);
    const from = cited ? sourceLines(cited.quote, script) : [];
    const kind = from.some((l) => l.tableTalk)
      ? 'a table-talk line'
      : from.length
        ? 'an in-game line'
        : 'unmatched text';
    return {
      ok: false,
      stage: 'retrieval/answer',
      why: `answered (should decline) from ${kind} of session ${citedSession + 1}: ${firstQuote}`,
    };
  }
  if (q.atTable) return judgeAtTable(q, answer, firstQuote);
  const lost = followLines(stats, [q.at!], q.expect!);
  const stage = lost.stage === 'in-game' ? 'retrieval/answer' : lost.stage;
  if (!answer.found) return { ok: false, stage, why: `declined; ${lost.detail} → ${stage}` };
  // Session titles appear in the offline answer's text; they must not count as the answer's words.
  let text = answer.text;
  for (const t of titles) text = text.split(t).join(' ');
  const missing = missingKeywords([text, ...answer.citations.map((c) => c.quote)].join('\n'), q.expect!);
  if (missing.length) {
    return {
      ok: false,
      stage,
      why: `missing ${missing.map(showKeyword).join(', ')}, cited ${firstQuote}; ${lost.detail} → ${stage}`,
    };
  }
  if (q.session && citedSession + 1 !== q.session) {
    return {
      ok: false,
      stage: 'retrieval/answer',
      why: `first citation from session ${citedSession + 1}, not ${q.session}`,
    };
  }
  return { ok: true, why: `${answer.citations.length} citation(s)` };
}

/** Only table talk says it: answered from that line, and labelled as said at the table (issue 48). */
function judgeAtTable(q: Question, answer: Answer, firstQuote: string): Verdict {
  if (!answer.found) return { ok: false, stage: 'retrieval/answer', why: 'declined; table talk answers it' };
  const holding = answer.citations.find((c) => !missingKeywords(c.quote, q.expect!).length);
  if (!holding)
    return {
      ok: false,
      stage: 'retrieval/answer',
      why: `missing ${q.expect!.map(showKeyword).join(', ')}, cited ${firstQuote}`,
    };
  if (!holding.tableTalk)
    return { ok: false, stage: 'retrieval/answer', why: 'quoted the table talk without its label' };
  return { ok: true, why: 'answered from table talk, labelled' };
}

/** Every measure of one run, with the rows the report prints. */
export function evaluate(campaign: Campaign, run: Run) {
  const leaks: Leak[] = [];
  const stats = run.sessions.map(lineStats);
  const sessionRows = run.sessions.map((s, n) => {
    const script = spokenLines(s.fixture);
    const facts = s.fixture.facts.map((f) => {
      const lost = followLines(stats, f.at, f.keywords);
      return {
        fact: f.fact,
        recalled: together(sentences(s.result.detailedSummary), f.keywords),
        stage: lost.stage === 'in-game' ? 'summary' : lost.stage,
        lost: lost.detail,
      };
    });
    for (const kind of SUMMARIES) {
      for (const sentence of sentences(s.result[kind])) {
        const line = sourceLines(sentence, script).find((l) => l.tableTalk);
        const where = `session ${n + 1} ${kind.replace('Summary', '')} summary`;
        if (line) leaks.push({ where, text: sentence, line: line.text });
      }
    }
    return { session: s, facts, ...stats[n] };
  });

  const titles = run.sessions.map((s) => s.fixture.title);
  const questionRows = campaign.questions.map((q, i) => {
    const answer = run.answers[i];
    // A table-talk quote the answer labels as such is no leak: only one passed off as the story is.
    answer.citations.forEach((c) => {
      if (c.tableTalk) return;
      const n = run.sessions.findIndex((s) => s.id === c.sessionId);
      const line = n >= 0 && sourceLines(c.quote, spokenLines(run.sessions[n].fixture)).find((l) => l.tableTalk);
      if (line) leaks.push({ where: `answer to "${q.q}" (session ${n + 1})`, text: c.quote, line: line.text });
    });
    return { question: q, answer, ...judge(q, answer, run, stats, titles) };
  });

  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const audio = sum(run.sessions.map((s) => s.audioSeconds));
  const stt = run.sessions.map((s) => s.sttSeconds);
  const fromActivities = stt.every((x) => x !== null);
  return {
    wer: sum(sessionRows.map((r) => r.edits)) / sum(sessionRows.map((r) => r.refWords)),
    factRecall:
      sum(sessionRows.map((r) => r.facts.filter((f) => f.recalled).length)) /
      sum(sessionRows.map((r) => r.facts.length)),
    qaPassed: questionRows.filter((r) => r.ok && !r.question.premise).length,
    qaTotal: questionRows.filter((r) => !r.question.premise).length,
    premisePassed: questionRows.filter((r) => r.ok && r.question.premise).length,
    premiseTotal: questionRows.filter((r) => r.question.premise).length,
    leaks,
    rtf: (fromActivities ? sum(stt as number[]) : sum(run.sessions.map((s) => s.pipelineSeconds))) / audio,
    rtfFrom: fromActivities ? 'transcribe-activities' : 'upload-to-ready',
    audioSeconds: audio,
    /** Share of each voice's script words the transcripts lost or got wrong (insertions not counted). */
    voiceMisses: [...new Set(sessionRows.flatMap((r) => [...r.byVoice.keys()]))].map((voice) => {
      const all = sessionRows.map((r) => r.byVoice.get(voice) ?? { words: 0, right: 0 });
      return { voice, missed: 1 - sum(all.map((v) => v.right)) / sum(all.map((v) => v.words)) };
    }),
    sessionRows,
    questionRows,
  };
}

export type Evaluation = ReturnType<typeof evaluate>;

/** The WER of one session on its own, for the per-session table. */
export const sessionWer = (row: Evaluation['sessionRows'][number]) => row.edits / row.refWords;
