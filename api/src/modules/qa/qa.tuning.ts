/** Tuning of Q&A retrieval; docs/qa.md explains each number and how it was measured. */
export const RETRIEVAL = {
  /** Lines in a passage: BM25's document. */
  window: 5,
  /** Passages returned. */
  topK: 5,
  /** Best passages sorted to pick them from (overlapping ones crowd the top). */
  ranked: 200,
  /** Okapi BM25's term-frequency saturation and length normalisation, at their usual values. */
  k1: 1.2,
  b: 0.75,
  /**
   * One of the passages found must score this share of what one saying each word of the question
   * once would, or the question is declined; calibrated on the real-play train questions and the dev
   * campaign's absent facts (docs/qa.md).
   */
  minStrength: 0.1,
  /**
   * The same when a thing or name asked about is never said (nor anything like it): the question
   * may be about something else ("the innkeeper in Port Azure" of a story with no innkeeper), so
   * only a passage saying most of the rest answers.
   */
  minStrengthUnsaid: 0.5,
  /**
   * What a word said on a line marked table talk counts for, of one said in game: the story's lines
   * rank first, and an aside that alone says a thing still answers (labelled as said at the table).
   * 0.5 until 2026-12-02; FriendsQA's dev scenes (docs/real-questions.md) put it higher.
   */
  tableTalk: 0.8,
  /** A related word ("guard" for "keep", qa.synonym-groups.ts) counts this share of an occurrence of the question's own. */
  related: 0.7,
  /** Shortest unknown lexeme worth looking up by sound or spelling; shorter ones match too much by chance. */
  minFuzzyLength: 4,
  /** Shortest part a word the scope never says is split into ("war" of "warcamp"): shorter ones join too much by chance. */
  minCompoundPart: 3,
  /** Shortest phonetic key matched: one or two consonants sound like too many words. */
  minSoundLength: 3,
  /** Trigram similarity a spelling needs to stand in for an unknown word ("gundrin" ~ "gundren" is 0.45). */
  minSimilarity: 0.4,
  /** Lexemes said in the indexes a process keeps: 4 campaigns of a million words. */
  indexedLexemes: 4_000_000,
} as const;
