import { shorten } from '../text/shorten';
import { words } from '../text/tokenize';
import { joinSentences, toSentences, type Sentence } from './sentences';
import { attributed, VERY_SHORT_MAX, type Summaries, type Summarizer, type SummaryInput } from './summarizer';
import { eventFeatures, eventScore, sessionNames } from './event-score';
import { centroid, cosine, tfIdfVectors } from './tf-idf';

export interface ExtractiveOptions {
  /** MMR trade-off: 1 ranks by relevance only, lower values push harder against repetition. */
  lambda?: number;
  /** Share of relevance that comes from looking like a story event (event-score.ts); the rest is centrality. */
  eventWeight?: number;
}

/**
 * Word budgets as a share of the story (the sentences that read as events, not the dice talk and
 * chatter around them), capped so a four-hour session still reads quickly. The detailed level
 * retells most of the story: in the dev sessions the key events take over half of the words, so
 * half could not hold them however well the sentences were ranked.
 */
const LEVELS = [
  { share: 0.15, cap: 120 },
  { share: 0.35, cap: 350 },
  { share: 0.7, cap: 900 },
] as const;

// Fragments like "Yes." or "Okay, go." say nothing on their own.
const MIN_WORDS = 4;

/**
 * A sentence scoring this high says who did what (a name and a deed score 0.37 in event-score.ts),
 * where or with what: the detailed level keeps every one of them while its cap allows, whatever
 * the share, so a short, dense session is retold whole rather than cut at an arbitrary share.
 */
const CLEAR_EVENT = 0.35;
/** A sentence this similar to one ranked before it mostly retells it: only the ranking may take it. */
const RETOLD = 0.5;

interface Scored extends Sentence {
  /** How much of a story event the sentence is (event-score.ts); below 0 it is mechanics or chatter. */
  event: number;
}

interface Ranked extends Scored {
  /** TF-IDF similarity to the closest sentence ranked before it: near 1, it says that one again. */
  echo: number;
}

/**
 * Offline summaries by extraction: sentences are scored by how much they look like a story event
 * (who did what, where, what was found: event-score.ts) and by TF-IDF similarity to the centroid of
 * the session, then ranked by maximal marginal relevance so near-duplicates do not crowd out
 * other events. Mechanics ("Roll for initiative."), filler and stray table talk score below zero
 * and are left out whenever enough else remains. Each length takes the one before and adds the
 * best-ranked sentences that fit its budget (brief within moderate within detailed), printed in
 * story order.
 */
export class ExtractiveSummarizer implements Summarizer {
  private readonly lambda: number;
  private readonly eventWeight: number;

  constructor(options: ExtractiveOptions = {}) {
    this.lambda = options.lambda ?? 0.7;
    this.eventWeight = options.eventWeight ?? 0.5;
  }

  async summarize(segments: SummaryInput[]): Promise<Summaries> {
    const all = toSentences(segments.map((s) => ({ ...s, text: attributed(s) })));
    const names = sessionNames(all.map((s) => s.text));
    const scored: Scored[] = all.map((s) => ({ ...s, event: eventScore(eventFeatures(s.text, names)) }));
    const substantial = scored.filter((s) => words(s.text).length >= MIN_WORDS && s.event > 0);
    // Too few long sentences cannot make three different lengths; then fragments count too.
    const candidates = substantial.length >= LEVELS.length ? substantial : scored;
    if (!candidates.length) return { brief: '', moderate: '', detailed: '', veryShort: '' };
    if (candidates.length <= LEVELS.length) return this.fromFewSentences(all);

    const storyWords = candidates.reduce((sum, s) => sum + words(s.text).length, 0);
    const budgets = LEVELS.map((level) => Math.min(level.cap, Math.max(MIN_WORDS, storyWords * level.share)));
    const ranking = this.rank(candidates, budgets[budgets.length - 1]);
    // Each level keeps the one before and fills its larger budget with the best sentences left
    // that still fit, so a long sentence high in the ranking does not end a summary early.
    const picked = new Set<Sentence>();
    let used = 0;
    const levels: Sentence[][] = [];
    for (const [level, budget] of budgets.entries()) {
      const before = picked.size;
      if (level === budgets.length - 1) {
        for (const sentence of ranking) {
          const length = words(sentence.text).length;
          if (sentence.event < CLEAR_EVENT || sentence.echo >= RETOLD || picked.has(sentence)) continue;
          if (used + length > LEVELS[level].cap) continue;
          picked.add(sentence);
          used += length;
        }
      }
      for (const sentence of ranking) {
        const length = words(sentence.text).length;
        if (picked.has(sentence) || used + length > budget) continue;
        picked.add(sentence);
        used += length;
      }
      // Each level says strictly more than the one before, as long as there are sentences left.
      const next = ranking.find((s) => !picked.has(s));
      if (picked.size === before && next) {
        picked.add(next);
        used += words(next.text).length;
      }
      levels.push([...picked]);
    }
    const pick = (level: Sentence[]) => joinSentences([...level].sort((a, b) => a.index - b.index));
    return {
      brief: pick(levels[0]),
      moderate: pick(levels[1]),
      detailed: pick(levels[2]),
      veryShort: shorten(ranking[0].text, VERY_SHORT_MAX),
    };
  }

  /**
   * With three sentences or fewer, picking whole sentences cannot give three different lengths
   * that stay shorter than the input, so the summaries are the story's opening third, two
   * thirds, and all of it — cut at whole words (a word cut in half reads as a typo). Below three
   * words there is nothing shorter worth saying, so the longer summaries are the text itself.
   */
  private fromFewSentences(sentences: Sentence[]): Summaries {
    const text = sentences.map((s) => s.text).join(' ');
    const all = text.split(/\s+/).filter(Boolean);
    const prefix = (count: number) =>
      count >= all.length
        ? text
        : `${all
            .slice(0, count)
            .join(' ')
            .replace(/[,;:.-]+$/, '')}…`;
    const brief = Math.max(1, Math.floor(all.length / 3));
    const moderate = Math.max(brief + 1, Math.floor((2 * all.length) / 3));
    return {
      brief: prefix(brief),
      moderate: prefix(moderate),
      detailed: text,
      veryShort: shorten(text, VERY_SHORT_MAX),
    };
  }

  /**
   * Orders sentences by maximal marginal relevance, stopping once twice the longest summary is
   * covered (room for the shorter sentences that fill a budget) so long sessions cost
   * O(sentences x picked), not O(n^2).
   */
  private rank(sentences: Scored[], wordLimit: number): Ranked[] {
    const vectors = tfIdfVectors(sentences.map((s) => s.text));
    const centre = centroid(vectors);
    const raw = vectors.map((v) => cosine(v, centre));
    const top = Math.max(...raw) || 1;
    const relevance = raw.map((r, i) => (1 - this.eventWeight) * (r / top) + this.eventWeight * sentences[i].event);
    const redundancy = new Array<number>(sentences.length).fill(0);
    const left = new Set(sentences.keys());
    const order: Ranked[] = [];
    let used = 0;
    while (left.size && (used <= 2 * wordLimit || order.length < LEVELS.length)) {
      let best = -1;
      let bestScore = -Infinity;
      for (const i of left) {
        const score = this.lambda * relevance[i] - (1 - this.lambda) * redundancy[i];
        // Ties go to the earlier sentence so the output is deterministic.
        if (score > bestScore) {
          best = i;
          bestScore = score;
        }
      }
      left.delete(best);
      order.push({ ...sentences[best], echo: redundancy[best] });
      used += words(sentences[best].text).length;
      for (const i of left) redundancy[i] = Math.max(redundancy[i], cosine(vectors[i], vectors[best]));
    }
    return order;
  }
}
