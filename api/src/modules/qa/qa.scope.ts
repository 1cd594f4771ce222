/* The shapes retrieval's parts share (qa.rank, qa.search, qa.passages): here so none imports qa.retrieval back. */
import type { Passage, PassageLine } from '../../engines/qa/answerer';
import type { QueryTerm } from './qa.bm25';
import type { QuestionTerm } from './qa.terms';

/**
 * Where evidence may come from, and whether the viewer may read GM-only lines (`open`: they may
 * not, a recipient); decided by the policy before retrieval runs. A session is searched within
 * its campaign's index.
 */
export type RetrievalScope = ({ kind: 'session'; sessionId: string } | { kind: 'campaign' }) & {
  campaignId: string;
  open: boolean;
};

/** A passage with its relevance, best first. */
export interface RankedPassage extends Passage {
  score: number;
  lines: PassageLine[];
}

/** A question term as searched: its lexemes in the index, its weight, and how it was found. */
export interface Searched extends QueryTerm {
  term: QuestionTerm;
  present: boolean;
  /** Found only by how it sounds or is spelled: a misheard name, or another word that looks alike. */
  fuzzy: boolean;
}
