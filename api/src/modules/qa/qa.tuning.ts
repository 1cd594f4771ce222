/** Tuning of Q&A retrieval; docs/qa.md explains each number. */
export const RETRIEVAL = {
  /** Share of the question's key words, by weight, that the best passage must hold, or the question is declined. */
  minKeyCoverage: 0.47,
  /** What a verb of the question counts for in those shares, against 1 for a thing or a name. */
  verbShare: 0.5,
  /** Passages holding this much less of the question's key words (by weight) than the best one are not quoted. */
  keySlack: 0.25,
  /** A passage is quoted when it scores at least this share of the best one; the best always is. */
  minRelativeScore: 0.6,
  /** How much the centre line's own coverage adds to a passage's score, so a line that says it all ranks first. */
  lineWeight: 0.25,
  /** A verb or table word found nowhere in the scope weighs this share of a term found once (in the denominator only); a thing, as the rarest word. */
  absentWeight: 0.5,
  /** A related word ("guard" for "keep", qa.synonyms.ts) counts this share of the question's own word. */
  related: 0.7,
  /** Passages returned, and at most this many from one session when the scope is a campaign. */
  topK: 5,
  perSession: 2,
  /** Hits this close (in lines) to a chosen one add nothing new: the chosen one's context covers them. */
  minGap: 3,
  /** Lines of context on each side of a hit. */
  context: 1,
  /** A hit closer than minGap to a chosen one joins its passage, up to this many lines. */
  maxPassageLines: 5,
  /** How far a session whose summaries match the question lifts its lines: a tie-breaker, never a hit by itself. */
  summaryBoost: 0.1,
  /** Candidates read from the database before diversification. */
  candidates: 200,
  /** Shortest unknown lexeme worth a trigram search; shorter ones match too much by chance. */
  minFuzzyLength: 4,
  /** pg_trgm similarity a lexeme of the scope needs to stand in for an unknown word ("gundrin" ~ "gundren" is 0.45). */
  minSimilarity: 0.4,
  /** Lexemes of the scope one unknown word may stand for, most similar first. */
  fuzzyAlternatives: 3,
} as const;
