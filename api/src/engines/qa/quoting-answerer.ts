import { sessionNames } from '../summaries/event-score';
import { kindFit, questionKind } from './answer-type';
import {
  nothingFound,
  timestamp,
  type AnswerDraft,
  type Answerer,
  type AnswerRequest,
  type Passage,
  type PassageLine,
} from './answerer';

/** Share of its coverage a sentence loses for lacking what the question asks for (a name for who, a place for where). */
const KIND_WEIGHT = 0.5;
/** Each place lower in retrieval's order costs a sentence this much. */
const RANK_COST = 0.05;
/** Completing a lead from elsewhere, a sentence said further than NEAR_MS from it (or in another session) costs this much. */
const FAR_COST = 0.1;
const NEAR_MS = 60_000;

interface Candidate {
  sessionId: string;
  passage: number;
  line: number;
  text: string;
  startMs: number;
  coverage: number;
  terms: string[];
  fit: number;
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])["”')\]]*\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The lines of a passage; a passage made by hand, without lines, is one line that covers it all. */
const linesOf = (p: Passage): PassageLine[] =>
  p.lines ?? [{ text: p.text, startMs: p.startMs, endMs: p.endMs, coverage: 1, terms: [] }];

/**
 * The offline engine: leads with the transcript sentence that answers, quoted word for word with
 * its session title and timestamp, then quotes the other retrieved passages. The lead is the
 * sentence covering most of the question, a sentence that holds what the question asks for (a
 * name for who, a place for where, a thing for what) counting double; one that lacks it is
 * completed (lead()), e.g. "I take the ring. Fenwick slips it onto his finger." It states nothing
 * the transcript does not say.
 */
export class QuotingAnswerer implements Answerer {
  answer({ question, passages, scope }: AnswerRequest): Promise<AnswerDraft> {
    if (!passages.length) return Promise.resolve(nothingFound(scope));
    const names = sessionNames(passages.flatMap((p) => linesOf(p).flatMap((l) => sentencesOf(l.text))));
    const kind = questionKind(question);
    const candidates: Candidate[] = passages.flatMap((p, passage) =>
      linesOf(p).flatMap((l, line) =>
        sentencesOf(l.text).map((text) => ({
          sessionId: p.sessionId,
          passage,
          line,
          text,
          startMs: l.startMs,
          coverage: l.coverage,
          terms: l.terms,
          fit: kindFit(text, kind, question, names),
        })),
      ),
    );
    const score = (c: Candidate) => c.coverage * (1 - KIND_WEIGHT * (1 - c.fit)) - RANK_COST * c.passage;
    const best = candidates.reduce((a, b) => (score(b) > score(a) ? b : a));
    const lead = this.lead(best, candidates, score).sort((a, b) => a.line - b.line);

    const cite = (p: Passage, text: string, ms: number) => `“${text}” (${p.sessionTitle}, ${timestamp(ms)})`;
    const first = passages[lead[0].passage];
    const others = passages.filter((_, i) => i !== lead[0].passage);
    const parts = [cite(first, lead.map((c) => c.text).join(' '), lead[0].startMs)];
    if (others.length) parts.push('More in the transcripts:', ...others.map((p) => cite(p, p.text, p.startMs)));
    return Promise.resolve({ text: parts.join('\n\n'), found: true, citations: [first, ...others] });
  }

  /**
   * The best sentence, completed when it lacks what the question asks for: by a neighbour (an
   * adjacent line of its passage) that has it and speaks to the question; else by the best
   * sentence elsewhere that has it, if that covers at least half as much of the question (nearer
   * the event first: who did it is usually said close to what was done); else by a neighbour
   * that has it at all; else by the neighbour holding question words it lacks.
   */
  private lead(best: Candidate, candidates: Candidate[], score: (c: Candidate) => number): Candidate[] {
    if (best.fit === 1) return [best];
    const neighbours = candidates.filter((c) => c.passage === best.passage && Math.abs(c.line - best.line) === 1);
    const fitting = neighbours.filter((c) => c.fit === 1).sort((a, b) => b.coverage - a.coverage);
    if (fitting[0]?.terms.length) return [best, fitting[0]];
    const far = (c: Candidate) => c.sessionId !== best.sessionId || Math.abs(c.startMs - best.startMs) > NEAR_MS;
    const near = (c: Candidate) => score(c) - (far(c) ? FAR_COST : 0);
    const elsewhere = candidates
      .filter((c) => c.fit === 1 && c.coverage >= best.coverage / 2)
      .reduce<Candidate | undefined>((a, b) => (!a || near(b) > near(a) ? b : a), undefined);
    if (elsewhere) return [elsewhere];
    if (fitting.length) return [best, fitting[0]];
    const adding = (c: Candidate) => c.terms.filter((t) => !best.terms.includes(t)).length;
    const completing = neighbours.filter((c) => adding(c) > 0).sort((a, b) => adding(b) - adding(a));
    return [best, ...completing.slice(0, 1)];
  }
}
