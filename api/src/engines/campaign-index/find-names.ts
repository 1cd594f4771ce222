import { capitalisedAsName, isCommonWord, isEnglishWord } from '../text/english-words';
import { STOP_WORDS } from '../text/tokenize';

/** A capitalised phrase in one line of text, where it could be a proper name. */
export interface NameMention {
  /** As written, without a possessive "'s" ("Kragmaw" for "Kragmaw's"). */
  text: string;
  /** The phrase without its title and a leading "the", lower case: what variants are grouped by. */
  key: string;
  /** A title said before the name ("Saint", "Captain"), lower case; empty when none. */
  title: string;
  /** Character offsets of `text` in the line. */
  start: number;
  end: number;
  /**
   * Only capitalised because a sentence starts there and an English word ("Grey", "Roll"): a name only
   * if the campaign names it elsewhere (mid-sentence, in its vocabulary or cast).
   */
  weak: boolean;
  /** Every word is everyday English ("the Pale Hand"): kept only when the campaign says it twice. */
  common: boolean;
}

/** Said before a name, never one alone. */
const TITLES = new Set(
  (
    'saint st lord lady king queen prince princess sir dame captain commander general master mistress ' +
    'sister brother father mother elder high duke duchess baron baroness count countess archmage'
  ).split(' '),
);

/** Everyday words that begin place names: "Castle Greyhold", "Mount Ashen". */
const PLACE_WORDS = new Set('castle mount lake fort port cape isle river north south east west old new'.split(' '));

/** Joins two capitalised words into one name: "Order of the Pale Hand", "Hugo von Brandt". */
const CONNECTORS = new Set(['of', 'the', 'de', 'du', 'von', 'van', 'der', 'del', 'la', 'le']);

/**
 * Rules and table words Whisper (and players) capitalise that no campaign invents: ability scores,
 * skills, dice talk, oaths: none is a person, place or thing of the story.
 */
const GAME_TERMS = new Set(
  (
    'strength dexterity constitution intelligence wisdom charisma perception stealth athletics acrobatics ' +
    'persuasion deception insight investigation arcana history religion nature survival medicine ' +
    'intimidation performance sleight initiative advantage disadvantage armor armour class hit points ' +
    'dm gm dungeon dragons d&d pathfinder natural nat critical crit okay ok yeah yes no hey oh um uh ' +
    'jesus christ jeez geez gosh'
  ).split(' '),
);

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const POSSESSIVE = /['’]s$/iu;
/** A sentence ends here, or a speaker broke off ("he's very-- Well, let's ask him"). */
const SENTENCE_END = /(?:[.?!:"“”…)\]]|--|[—–])\s*$/u;

interface Token {
  word: string;
  core: string;
  start: number;
  end: number;
  sentenceStart: boolean;
  /** Only spaces between this token and the one before it, which is not a possessive ("Kragmaw's scouts"). */
  joined: boolean;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  let previousEnd = 0;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    const gap = text.slice(previousEnd, start);
    const word = m[0].replace(POSSESSIVE, '');
    const before = out[out.length - 1];
    out.push({
      word,
      core: word.toLowerCase().replace(/’/g, "'"),
      start,
      end: start + word.length,
      // Only the text since the last word can end a sentence: no need to read the whole line again.
      sentenceStart: out.length === 0 || SENTENCE_END.test(gap),
      // A hyphen joins too, "Tri-Spires" being one name.
      joined: before !== undefined && /^(?:\s+|-)$/u.test(gap) && before.end === previousEnd,
    });
    previousEnd = start + m[0].length;
  }
  return out;
}

const isTitle = (t: Token) => /^\p{Lu}/u.test(t.word) && TITLES.has(t.core);

/** "You've", "Don't": contractions are not in the word list, and never names. */
const CONTRACTION = /'(?:ve|ll|re|d|t|m)$/;

/** Capitalised as a name and not a rule, a day, a title, a contraction or "I"; numbers never are. */
function capitalised(t: Token): boolean {
  return capitalisedAsName(t.word) && !GAME_TERMS.has(t.core) && !CONTRACTION.test(t.core) && !/\p{N}/u.test(t.word);
}

/**
 * The capitalised phrases of one line that may be names: runs of capitalised words (joined by "of",
 * "the" and the like when a capitalised word follows), with a title before them kept apart. Offline
 * and rule-based, so every entry of the index can be explained by the words it came from.
 */
export function findNames(text: string): NameMention[] {
  const toks = tokens(text);
  const found: NameMention[] = [];
  let i = 0;
  while (i < toks.length) {
    const first = toks[i];
    let title = '';
    let from = i;
    if (isTitle(first) && i + 1 < toks.length && toks[i + 1].joined && capitalised(toks[i + 1])) {
      title = first.core;
      from = i + 1;
    }
    // "Does Thorin", "Tell Vessaline": an everyday word capitalised only because it opens the sentence.
    if (
      !title &&
      first.sentenceStart &&
      isCommonWord(first.core) &&
      !PLACE_WORDS.has(first.core) &&
      toks[i + 1]?.joined &&
      capitalised(toks[i + 1]) &&
      !isEnglishWord(toks[i + 1].core)
    ) {
      from = i + 1;
    }
    // "As the Watchmaster", "From Port Damali": a small word opening the sentence, and a "the" after
    // it, are not part of the name, which is then said inside the sentence.
    let opener = false;
    if (!title && from === i && first.sentenceStart && first.core !== 'the' && STOP_WORDS.has(first.core)) {
      let k = i + 1;
      while (k < toks.length && toks[k].joined && CONNECTORS.has(toks[k].core) && !/^\p{Lu}/u.test(toks[k].word))
        k += 1;
      if (k < toks.length && toks[k].joined && capitalised(toks[k])) [from, opener] = [k, true];
    }
    if (!capitalised(toks[from])) {
      i += 1;
      continue;
    }
    let to = from;
    while (to + 1 < toks.length && toks[to + 1].joined) {
      if (capitalised(toks[to + 1])) to += 1;
      else if (CONNECTORS.has(toks[to + 1].core) && !/^\p{Lu}/u.test(toks[to + 1].word)) {
        // "of the" may join only when a capitalised word comes after the connectors.
        let k = to + 1;
        while (k < toks.length && toks[k].joined && CONNECTORS.has(toks[k].core) && !/^\p{Lu}/u.test(toks[k].word))
          k += 1;
        if (k < toks.length && toks[k].joined && capitalised(toks[k])) to = k;
        else break;
      } else break;
      // A possessive ends a name: "Kragmaw's scouts".
      if (POSSESSIVE.test(text.slice(toks[to].start, toks[to + 1]?.start ?? text.length).trim())) break;
    }
    const words = toks.slice(from, to + 1);
    const sentenceStart = toks[i].sentenceStart && !opener;
    const cores = words.map((w) => w.core).filter((c) => !CONNECTORS.has(c));
    const start = title ? first.start : words[0].start;
    i = to + 1;
    // "The", "They", "I'll": capitalised because a sentence starts there.
    if (cores.every((c) => STOP_WORDS.has(c))) continue;
    const english = cores.every((c) => isEnglishWord(c));
    found.push({
      text: text.slice(start, words[words.length - 1].end),
      key: words
        .map((w) => w.core.replace(/'/g, ''))
        .join(' ')
        .replace(/^the /, ''),
      title,
      start,
      end: words[words.length - 1].end,
      weak: sentenceStart && !title && english,
      common: cores.every((c) => isCommonWord(c)),
    });
  }
  return found;
}
