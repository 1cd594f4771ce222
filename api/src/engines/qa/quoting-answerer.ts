import { key, sessionNames, stem, tokens } from '../summaries/event-score';
import { kindFit, questionKind, type QuestionKind } from './answer-type';
import { shortAnswer } from './short-answer';
import {
  nothingFound,
  quoteLines,
  sentencesOf,
  timestamp,
  type AnswerDraft,
  type Answerer,
  type AnswerRequest,
  type Passage,
  type PassageLine,
} from './answerer';

/** How a quote from a line marked table talk is told: said by the players, not in the story. */
export const TABLE_TALK_LABEL = 'said at the table';

/** Share of its coverage a sentence loses for lacking what the question asks for (a name for who, a place for where). */
const KIND_WEIGHT = 0.25;
/** Each place lower in retrieval's order costs a sentence this much. */
const RANK_COST = 0.05;
/** Completing a lead from elsewhere, a sentence said further than NEAR_MS from it (or in another session) costs this much. */
const FAR_COST = 0.1;
const NEAR_MS = 60_000;
/** Other passages quoted after the lead. */
const MORE = 2;

interface Candidate {
  sessionId: string;
  passage: number;
  line: number;
  /** Its place among the sentences of its line. */
  sentence: number;
  text: string;
  startMs: number;
  coverage: number;
  terms: string[];
  about?: boolean;
  fit: number;
  tableTalk: boolean;
}

/** A sentence that says little but the question's own words: at most one word of substance besides. */
function echoes(sentence: string, question: string): boolean {
  const asked = new Set(tokens(question).flatMap((t) => [key(t), stem(t)]));
  return tokens(sentence).filter((w) => w.length > 3 && !asked.has(key(w)) && !asked.has(stem(w))).length <= 1;
}

/** A sentence whose subject is a pronoun: who "he" is was said before it. */
const PRONOUN_SUBJECT = /^(he|she|they)\b/i;

/** Transcript order of two sentences of one passage. */
const inOrder = (a: Candidate, b: Candidate) => a.line - b.line || a.sentence - b.sentence;

/**
 * Asked who, a lead (in transcript order) whose first sentence opens with "he", "she" or "they" is
 * completed by the sentence just before it in the passage when that one names someone: "Captain
 * Venn meets you on the steps. He says Oriel fled before sunrise." answers "Who told the heroes the
 * priestess ran away?" only with the first sentence (the nearest name before a pronoun is its
 * likeliest antecedent, as in Hobbs's 1978 search).
 */
function withAntecedent(
  lead: Candidate[],
  candidates: Candidate[],
  kind: QuestionKind,
  question: string,
  names: Set<string>,
): Candidate[] {
  const [first] = lead;
  if (kind !== 'who' || !PRONOUN_SUBJECT.test(first.text)) return lead;
  // Candidates come in transcript order, passage by passage: the last one before is the nearest.
  const before = candidates.filter((c) => c.passage === first.passage && inOrder(c, first) < 0).at(-1);
  if (!before || kindFit(before.text, 'who', question, names) < 1) return lead;
  return [before, ...lead];
}

/** A sentence after a turn's first, with who said it and the words before it left out: "Scanlan: … I cast Lightning Bolt." */
const withSpeaker = (line: PassageLine, sentence: string, at: number) =>
  at > 0 && line.speaker ? `${line.speaker}: … ${sentence}` : sentence;

/** The lines of a passage; a passage made by hand, without lines, is one line that covers it all. */
const linesOf = (p: Passage): PassageLine[] =>
  p.lines ?? [{ text: p.text, startMs: p.startMs, endMs: p.endMs, coverage: 1, terms: [] }];

/**
 * The offline engine: leads with the transcript sentence that answers, quoted word for word with its
 * session and timestamp, then quotes the other passages. The lead covers most of the question, one
 * holding what is asked (a name for who, a place for where) counting double, and is completed when it
 * lacks it (lead()). It states nothing the transcript does not say.
 */
export class QuotingAnswerer implements Answerer {
  answer({ question, passages, scope }: AnswerRequest): Promise<AnswerDraft> {
    if (!passages.length) return Promise.resolve(nothingFound(scope));
    const names = sessionNames(passages.flatMap((p) => linesOf(p).flatMap((l) => sentencesOf(l.text))));
    const kind = questionKind(question);
    const candidates: Candidate[] = passages.flatMap((p, passage) =>
      linesOf(p).flatMap((l, line) =>
        sentencesOf(l.text).map((said, sentence) => {
          // Half its own words, half its turn's: the sentence that says what is asked leads its
          // turn, and a turn that says all of it still outranks one sentence that says a part.
          const own = l.sentences?.[sentence] ?? l;
          const { terms, about } = own;
          const coverage = (own.coverage + l.coverage) / 2;
          return {
            sessionId: p.sessionId,
            passage,
            line,
            sentence,
            text: said,
            startMs: l.startMs,
            coverage,
            terms,
            about,
            fit: kindFit(withSpeaker(l, said, sentence), kind, question, names),
            tableTalk: l.tableTalk === true,
          };
        }),
      ),
    );
    // A sentence of a weaker passage counts as much less as its passage scores below the best.
    const top = passages[0].score;
    const relevance = passages.map((p, i) =>
      top && p.score !== undefined ? p.score / top : Math.max(0, 1 - RANK_COST * i),
    );
    const score = (c: Candidate) => c.coverage * (1 - KIND_WEIGHT * (1 - c.fit)) * relevance[c.passage];
    // A sentence that says none of the things or names asked about does not lead while one found
    // does: "Who warned the party about the cult?" is not answered by "Tam warns the party that
    // the road is flooded" when a line about the cult was found, however it ranks.
    const about = candidates.some((c) => c.about) ? candidates.filter((c) => c.about !== false) : candidates;
    const best = about.reduce((a, b) => (score(b) > score(a) ? b : a));
    // A lead said at the table is completed from the table, one said in game from the game: the
    // label tells which, and a story line does not answer a player's aside.
    const side = candidates.filter((c) => c.tableTalk === best.tableTalk);
    const core = this.lead(best, side, score, kind, question).sort(inOrder);
    const lead = withAntecedent(core, side, kind, question, names);

    const quote = (text: string, p: Passage) =>
      `“${text}” (${p.sessionTitle}, ${timestamp(p.startMs)}${p.tableTalk ? `, ${TABLE_TALK_LABEL}` : ''})`;
    // The lead's passage is cited from the lead's sentence on (what its line says before may be an
    // aside the classifier missed): the time beside the quote is where the citation starts, and it
    // plays what follows.
    const from = passages[lead[0].passage];
    const [leadLine, ...after] = linesOf(from).slice(lead[0].line);
    const quotes = (l: PassageLine, i: number) => !l.aside || lead.some((c) => c.line === lead[0].line + 1 + i);
    const quoted = after.filter(quotes);
    const leadText = withSpeaker(
      leadLine,
      sentencesOf(leadLine.text).slice(lead[0].sentence).join(' '),
      lead[0].sentence,
    );
    const first: Passage = {
      ...from,
      startMs: lead[0].startMs,
      // To the end of what is quoted: the lead may be a line the passage gave as an aside, after its last quoted one.
      endMs: Math.max(leadLine.endMs, ...quoted.map((l) => l.endMs)),
      text: quoteLines([{ ...leadLine, text: leadText }, ...after], (l, i) => i === 0 || quotes(l, i - 1)),
      ...(leadLine.tableTalk ? { tableTalk: true } : {}),
    };
    const others = passages.filter((_, i) => i !== lead[0].passage);
    // Sentences apart in the transcript are quoted with the gap marked, each turn with who said it.
    const shown = (c: Candidate, i: number) => {
      const prev = lead[i - 1];
      const text =
        prev?.passage === c.passage && prev.line === c.line
          ? c.text
          : withSpeaker(linesOf(passages[c.passage])[c.line], c.text, c.sentence);
      return prev && c.line - prev.line > 1 ? `… ${text}` : text;
    };
    const said = lead.map(shown).join(' ');
    // The answer itself first where the question asks for one and the lead says it.
    // Read from the sentence that holds what is asked, before the best one and an antecedent.
    const short = [...core.filter((c) => c.fit === 1), best, ...lead]
      .map((c) => shortAnswer(c.text, kind, question, names, linesOf(passages[c.passage])[c.line].speaker))
      .find(Boolean);
    const parts = [short ? `${short} — ${quote(said, first)}` : quote(said, first)];
    // At most two more: further passages are in the citations, not read out.
    if (others.length) parts.push('More in the transcripts:', ...others.slice(0, MORE).map((p) => quote(p.text, p)));
    return Promise.resolve({ text: parts.join('\n\n'), found: true, citations: [first, ...others] });
  }

  /**
   * The best sentence, completed when it lacks what the question asks for: by the nearest sentence of
   * its passage that has it and speaks to the question; else by the best
   * sentence elsewhere that has it, if that covers at least half as much of the question (nearer
   * the event first: who did it is usually said close to what was done); else, asked who, by a
   * neighbour that names someone at all; else by the neighbour holding question words it lacks.
   */
  private lead(
    best: Candidate,
    candidates: Candidate[],
    score: (c: Candidate) => number,
    kind: QuestionKind,
    question: string,
  ): Candidate[] {
    if (best.fit === 1) return [best];
    // "Kira searches the body." asked what Kira found on it: the next line of the moment that says
    // the thing ("She finds a silver key.") answers, quoted alone with its own time.
    const next = candidates.find((c) => c.passage === best.passage && c.line === best.line + 1 && c.sentence === 0);
    if (kind !== 'who' && next?.fit === 1 && next.startMs - best.startMs <= NEAR_MS && echoes(best.text, question))
      return [next];
    const neighbours = candidates.filter((c) => c.passage === best.passage && Math.abs(c.line - best.line) === 1);
    // Who did it is usually said close to what was done: the nearest sentence of the passage that
    // names someone and speaks to the question; for another kind, one that adds a word of it.
    const distance = (c: Candidate) => Math.abs(c.line - best.line);
    const adds = (c: Candidate) => (kind === 'who' ? c.terms.length > 0 : c.terms.some((t) => !best.terms.includes(t)));
    const speaking = candidates
      .filter((c) => c.passage === best.passage && c !== best && c.fit === 1 && adds(c))
      .sort((a, b) => distance(a) - distance(b) || b.coverage - a.coverage);
    if (speaking.length) return [best, speaking[0]];
    const far = (c: Candidate) => c.sessionId !== best.sessionId || Math.abs(c.startMs - best.startMs) > NEAR_MS;
    const near = (c: Candidate) => score(c) - (far(c) ? FAR_COST : 0);
    const elsewhere = candidates
      .filter((c) => c.fit === 1 && c.coverage >= best.coverage / 2)
      .reduce<Candidate | undefined>((a, b) => (!a || near(b) > near(a) ? b : a), undefined);
    if (elsewhere) return [elsewhere];
    // "I take the ring. Fenwick slips it onto his finger.": the next line names who.
    const named = neighbours.filter((c) => kind === 'who' && c.fit === 1).sort((a, b) => b.coverage - a.coverage);
    if (named.length) return [best, named[0]];
    const adding = (c: Candidate) => c.terms.filter((t) => !best.terms.includes(t)).length;
    const completing = neighbours.filter((c) => adding(c) > 0).sort((a, b) => adding(b) - adding(a));
    return [best, ...completing.slice(0, 1)];
  }
}
