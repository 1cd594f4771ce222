import { capitalisedAsName, isCommonWord } from '../text/english-words';
import { shorten } from '../text/shorten';
import { sentences, words } from '../text/tokenize';
import { clausesOf, isVerb } from './compress';
import { conceptsOf, greedyCover, weigh, type Unit } from './coverage';
import { eventFeatures, eventScore, key, sessionNames, tokens } from './event-score';
import { sceneStarts } from './scenes';
import { tellsStory } from './story';
import { VERY_SHORT_MAX, type Summaries, type Summarizer, type SummaryInput, type SummaryWriter } from './summarizer';
import { tfIdfVectors } from './tf-idf';
import { PARTY, thirdPerson, tokensOf } from './third-person';
import { narratorOf } from './voices';

const OFFLINE: SummaryWriter = { kind: 'offline' };

/**
 * Word budgets as a share of the story (the sentences a recap may use), capped so a four-hour
 * session still reads quickly.
 */
const LEVELS = [
  { share: 0.15, cap: 120 },
  { share: 0.35, cap: 350 },
  { share: 1, cap: 900 },
] as const;

// The brief recap is read at a glance: whole clauses, not the fragments a long one can afford.
const BRIEF_MIN_WORDS = 8;

// Fragments like "Yes." or "Okay, go." say nothing on their own.
const MIN_WORDS = 4;

// Below this many words a sentence without a verb is a label or a list of names, not an event.
const LABEL_MAX_WORDS = 6;

/**
 * A short sentence in which nothing happens: names read out ("Timothy Hudson and Amir.", "Steve
 * Blum, Troy Baker." — real play's thanks and shout-outs, picked for their rare names) or a label
 * ("Geek and Sundry website."). Longer verbless sentences stay: there the tagger more often missed
 * a verb Whisper misspelled ("At dawn, habrows the party into black red marsh.") or read as a
 * plural noun ("Magda summons two ground ice from the floor."), and they carry the dev campaigns' facts.
 */
function isLabel(sentence: string): boolean {
  if (sentence.split(/\s+/).length > LABEL_MAX_WORDS) return false;
  const tokens = tokensOf(sentence);
  return !tokens.some((_, k) => isVerb(tokens, k));
}

interface Candidate extends Unit {
  /** Position in the night, for putting picked sentences back in order. */
  index: number;
  text: string;
  /** Speech in quotes: a character's words, fine in a long recap, not in the brief one. */
  quotes: boolean;
  /** Someone doing something (story.ts), as every sentence of the brief recap must tell. */
  story: boolean;
}

/**
 * Offline recaps by extraction. Every sentence is first retold in the third person (third-person.ts:
 * "Kira pulls out her dagger", not "I pull out my dagger"); what cannot be (the GM talking as
 * themselves, players talking across the table), questions, dice and rules talk are left out.
 * Long sentences are first cut into the shorter sentences they hold (compress.ts). Each level picks
 * the sentences that cover the most of the session's names and recurring content words not yet
 * told (coverage.ts), so the recap names who and where across the whole night instead of
 * repeating its loudest moment. Brief ⊂ moderate ⊂ detailed; the brief and moderate ones take only
 * sentences that tell the story (story.ts), without quoted speech, the brief one at most one a
 * scene (scenes.ts, TextTiling); all are printed in story order.
 */
export class ExtractiveSummarizer implements Summarizer {
  async summarize(segments: SummaryInput[]): Promise<Summaries> {
    const lines = segments.filter((s) => s.text.trim());
    if (!lines.length) return { brief: '', moderate: '', detailed: '', veryShort: '', writer: OFFLINE };
    const said = lines.flatMap((l) => sentencesOf(l.text));
    const names = sessionNames(said);
    const narrator = narratorOf(lines);
    const candidates = this.candidates(lines, names, narrator);
    if (candidates.length <= LEVELS.length) return fromFewSentences(lines.map((l) => l.text.trim()));

    const narration = lines.filter((l) => !l.speaker || l.speaker === narrator);
    const narrated = new Set(narration.flatMap((l) => tokens(l.text).map(key)));
    const weights = weigh(said, names, narrated.size ? narrated : undefined);
    const storyWords = candidates.reduce((sum, c) => sum + c.length, 0);
    const budgets = LEVELS.map((level) => Math.min(level.cap, Math.max(MIN_WORDS, storyWords * level.share)));
    const starts = sceneStarts(tfIdfVectors(candidates.map((c) => c.text)));
    const sceneOf = candidates.map((_, i) => starts.filter((s) => s <= i).length - 1);

    const covered = new Set<string>();
    const picked = new Set<number>();
    // The brief recap: the night's most telling story sentences, one a scene at most, no quoted speech.
    const briefAllowed = (i: number, chosen: number[]) =>
      !candidates[i].quotes &&
      candidates[i].story &&
      candidates[i].length >= BRIEF_MIN_WORDS &&
      !chosen.some((j) => sceneOf[j] === sceneOf[i]);
    // A budget shorter than every sentence still gets the shortest: a recap is never empty.
    const shortest = Math.min(...candidates.map((c) => c.length));
    const brief = greedyCover(candidates, weights, covered, Math.max(budgets[0], shortest), briefAllowed);
    brief.forEach((i) => picked.add(i));
    const levels = [[...picked]];
    let used = brief.reduce((n, i) => n + candidates[i].length, 0);
    for (const [level, budget] of budgets.slice(1).entries()) {
      // The longer levels cover the whole night at once: a scene's share of the words was often
      // shorter than the one sentence that names its people (measured on real play: names 0.53 ->
      // 0.61 at <= 900 words), and the names, spread over the night, spread the picks with them.
      // The moderate recap tells the story too: someone doing something, no quoted speech; the
      // detailed one may quote what was said (real play: the moderate recaps read as quote
      // collages, "Aye, I heard that right." "Pig Pits are that way.", with names unchanged).
      const tells = (i: number) => !picked.has(i) && (level > 0 || (!candidates[i].quotes && candidates[i].story));
      const more = greedyCover(candidates, weights, covered, budget - used, tells);
      more.forEach((i) => picked.add(i));
      used += more.reduce((n, i) => n + candidates[i].length, 0);
      // Each level says strictly more than the one before, as long as there are sentences left.
      const unpicked = candidates.map((_, i) => i).filter((i) => !picked.has(i));
      const next = unpicked.find(tells) ?? unpicked[0] ?? -1;
      if (levels[levels.length - 1].length === picked.size && next >= 0) {
        picked.add(next);
        used += candidates[next].length;
      }
      levels.push([...picked]);
    }
    const text = (level: number[]) => join([...level].sort((a, b) => a - b).map((i) => candidates[i].text));
    const opening = candidates[brief[0] ?? 0].text;
    return {
      brief: text(levels[0]),
      moderate: text(levels[1]),
      detailed: text(levels[2]),
      veryShort: shorten(opening, VERY_SHORT_MAX),
      writer: OFFLINE,
    };
  }

  /** The sentences a recap may use, retold in the third person, in story order. */
  private candidates(lines: SummaryInput[], names: Set<string>, narrator: string | undefined): Candidate[] {
    const candidates: Candidate[] = [];
    // "You" in narration is the player the GM answers (whose line came just before), else the party.
    let answered: string | undefined;
    const atTable = tableNames(lines);
    for (const line of lines) {
      const speaker = line.speaker === narrator ? undefined : line.speaker;
      const addressee = answered ?? PARTY;
      // Long sentences cut into the sentences they hold (compress.ts), so a name said once fits a recap.
      for (const sentence of sentencesOf(withoutAsides(line.text)).flatMap(clausesOf)) {
        // Speech cut off ("Don't try and break--") is half a thought.
        if (words(sentence).length < MIN_WORDS || /^[-—]|[-—]$/.test(sentence)) continue;
        const f = eventFeatures(sentence, names);
        // Nothing of a story event in it (event-score.ts): dice, rules, chatter. Measured on real play, it helps there too.
        if (f.question || f.mechanics || f.outOfGame || f.filler || eventScore(f) <= 0) continue;
        // Saying one's own name ("Hi, I'm Liam O'Brien") introduces the player, not the story.
        if (speaker && saysOwnName(sentence, [speaker, ...(line.alsoKnownAs ?? [])])) continue;
        // So does naming another player as themselves ("Laura was in tears"), where the cast tells them apart.
        if (namesSomeoneAtTable(sentence, atTable)) continue;
        const told = thirdPerson(sentence, { speaker, addressee });
        if (!told) continue;
        if (isLabel(told)) continue;
        // Concepts from the words as said: the speaker's name put in by the retelling tells nothing new.
        const concepts = conceptsOf(sentence, names);
        candidates.push({
          index: candidates.length,
          text: told,
          concepts,
          length: told.split(/\s+/).length,
          quotes: /["“”]/.test(told),
          story: tellsStory(told),
        });
      }
      answered = speaker;
    }
    return candidates;
  }
}

/** A text's words as names are keyed (lower case, no possessive 's). */
const keysOf = (text: string) => tokens(text).map(key);

/** Whether a sentence says a word of one of the speaker's names ("Sam" of "Sam Riegel"), in any case. */
function saysOwnName(sentence: string, names: string[]): boolean {
  const said = new Set(keysOf(sentence));
  return names.some((name) => keysOf(name).some((word) => said.has(word)));
}

/**
 * The words of the names the people at the table go by where the cast gives them story names
 * besides (players, the GM), lower case; a word of a character's name is not one ("Sam" playing
 * "Sam"). A voice the cast has not named ("Laura and Sam", a line two players said) protects none.
 */
function tableNames(lines: SummaryInput[]): Set<string> {
  const named = lines.filter((l) => l.alsoKnownAs?.length);
  const story = new Set(named.flatMap((l) => (l.speaker ? keysOf(l.speaker) : [])));
  const words = named.flatMap((l) => l.alsoKnownAs!.flatMap(keysOf));
  return new Set(words.filter((w) => w.length > 1 && !story.has(w)));
}

/**
 * Whether a sentence names one of the people at the table as a name (capitalised, "Sam's" too); at
 * the start of a sentence only a name that is no common English word ("Will you help us?" is not
 * about Will; "Matt, I move over there" is about Matt, though "matt" is a rarer word).
 */
function namesSomeoneAtTable(sentence: string, atTable: Set<string>): boolean {
  if (!atTable.size) return false;
  return tokens(sentence).some(
    (t, i) => atTable.has(key(t)) && capitalisedAsName(t) && (i > 0 || !isCommonWord(key(t))),
  );
}

/** The line without transcribers' asides: "(laughs)", "[Music]", "[LAURA, TRAVIS]". */
function withoutAsides(text: string): string {
  return text.replace(/\([^()]*\)|\[[^\]]*\]/g, ' ');
}

/**
 * A line's sentences, split at terminal punctuation (closing quotes and brackets stay with their
 * sentence); unpunctuated speech-to-text output stays whole. A character's speech often runs over
 * several sentences: each of its sentences gets its quote marks, so it reads as quoted speech.
 */
function sentencesOf(text: string): string[] {
  let quoted = false;
  return sentences(text).map((s) => {
    const sentence = s.replace(/\s+/g, ' ').trim();
    const opensInside = quoted;
    if ((sentence.match(/["“”]/g) ?? []).length % 2) quoted = !quoted;
    return `${opensInside ? '"' : ''}${sentence}${quoted ? '"' : ''}`;
  });
}

/** Picked sentences as prose, unpunctuated ones closed with a full stop. */
function join(sentences: string[]): string {
  return sentences.map((s) => (/[.!?…]["”')\]]*$/.test(s) ? s : `${s}.`)).join(' ');
}

/**
 * With three usable sentences or fewer, picking whole sentences cannot give three different lengths
 * that stay shorter than the input, so the summaries are the story's opening third, two thirds,
 * and all of it — cut at whole words (a word cut in half reads as a typo).
 */
function fromFewSentences(texts: string[]): Summaries {
  const text = texts.join(' ');
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
    writer: OFFLINE,
  };
}
