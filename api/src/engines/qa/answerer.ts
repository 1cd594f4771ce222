import { clock } from '../text/clock';

/** One transcript line of a passage, with what of the question it covers by itself. */
export interface PassageLine {
  text: string;
  startMs: number;
  endMs: number;
  /** Share of the question's weighted terms the line holds, 0..1. */
  coverage: number;
  /** The question's terms (as lexemes) the line holds, itself or by a related word. */
  terms: string[];
  /**
   * Whether it holds a thing or name the question asks about (not only its verb or words like
   * "party"); undefined where retrieval does not say.
   */
  about?: boolean;
  /** Next to the question's words but saying none of what they say: quoted only to complete a lead. */
  aside?: boolean;
  /** Marked table talk: quoted only where it says what is asked, and labelled as said at the table. */
  tableTalk?: boolean;
  /** Who said it, as the line's text opens ("Scanlan: …"); absent for the GM and unknown voices. */
  speaker?: string;
  /**
   * The same measures for each of its sentences (`sentencesOf`), each read with who said it: in a
   * long turn ("Scanlan: Yes. Then I'm going to cast Lightning Bolt at him.") the sentence that
   * holds the question's words is the answer, not the turn's first. Absent: each has the line's.
   */
  sentences?: Array<Pick<PassageLine, 'coverage' | 'terms' | 'about'>>;
}

/** A line's sentences as the answerers quote them and retrieval measures them. */
export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])["”')\]]*\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** One retrieved stretch of a session transcript, as evidence for an answer. */
export interface Passage {
  sessionId: string;
  sessionTitle: string;
  startMs: number;
  endMs: number;
  /** The quoted lines joined. */
  text: string;
  /** The lines themselves, so an engine can pick the one that answers; retrieval always fills them. */
  lines?: PassageLine[];
  /** How well the passage answers (retrieval's BM25 score), comparable among one question's passages. */
  score?: number;
  /** Its quote starts on a line marked table talk: told as said at the table, not in the story. */
  tableTalk?: boolean;
}

/** What an engine makes of a question and its evidence; `citations` are drawn from the passages given. */
export interface AnswerDraft {
  text: string;
  found: boolean;
  citations: Passage[];
}

export interface AnswerRequest {
  question: string;
  /** Best first; empty when retrieval found nothing relevant. */
  passages: Passage[];
  scope: 'session' | 'campaign';
}

/** Turns retrieved passages into an answer; never adds evidence of its own. */
export interface Answerer {
  answer(request: AnswerRequest, options?: { signal?: AbortSignal }): Promise<AnswerDraft>;
}

/** The plain statement given whenever nothing relevant backs an answer. */
export function nothingFound(scope: AnswerRequest['scope']): AnswerDraft {
  const where = scope === 'session' ? 'this session' : "this campaign's sessions";
  return { text: `Nothing relevant to that question was found in ${where}.`, found: false, citations: [] };
}

/** h:mm:ss, as the Q&A page shows timestamps. */
export const timestamp = (ms: number): string => clock(ms, 1);

/** The lines of a passage that are quoted, joined, with "…" where lines between them are left out. */
export function quoteLines(lines: PassageLine[], quoted: (line: PassageLine, i: number) => boolean): string {
  const parts: string[] = [];
  let last = -1;
  lines.forEach((line, i) => {
    if (!quoted(line, i)) return;
    parts.push(last >= 0 && i > last + 1 ? `… ${line.text}` : line.text);
    last = i;
  });
  return parts.join(' ');
}
