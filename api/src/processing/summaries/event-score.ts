import { STOP_WORDS, words } from '../text/tokenize';

/**
 * What makes a transcript sentence a story event rather than talk around it: who (names), did what
 * (narrative verbs), where (places) and with what (found items), against the game's own mechanics
 * ("Roll for initiative.", "That's a 14.") and filler ("Okay, let's see."). Word lists are the
 * tabletop domain's; they are matched on crude stems so "steals", "stole" and "stolen" count alike.
 */

/** Verbs that move a story: fights, finds, thefts, journeys, bargains, news. */
const EVENT_VERBS = stems(
  'steal stole stolen rob take took taken grab seize capture kidnap kill killed slay slain defeat destroy die dead ' +
    'murder attack ambush bite burst fight shoot shot strike struck stab charge wound heal save rescue free ' +
    'escape flee fled run ran jump fall fell sink sank collapse dissolve flee vanish disappear ' +
    'find found discover reveal uncover learn hide hidden search open unlock pick break burn light ' +
    'sell sold buy bought pay paid offer reward give gave trade bargain promise agree accept refuse betray ' +
    'arrive reach return enter leave left travel ride rode sail row head climb cross march follow ' +
    'meet met warn whisper tell told say says said summon raise curse cast pour guard protect keep kept ' +
    'drop land roar breathe sneak tie trap poison betray ' +
    'carry carried bring brought deliver send sent own belong live',
);

/** Places, and the things a party finds, wins or loses. */
export const PLACES = stems(
  'village town city port harbor harbour dock docks castle tower chapel church temple abbey shrine ' +
    'monastery vault crypt tomb cave cavern mine dungeon cellar camp island lake river sea coast shore ' +
    'marsh swamp fen bog forest wood woods hill mountain valley road bridge gate inn tavern market ' +
    'manor house hall throne room tent ship boat ferry window stairs door altar ruins',
);
export const ITEMS = stems(
  'gold silver coin coins gem gems jewel treasure chest key map letter note book scroll ring amulet ' +
    'necklace crown sword axe dagger bow staff wand lantern lamp bell relic idol statue egg potion ' +
    'cloak badge armor armour shield artifact',
);

/** Who else acts in a story besides named people: creatures and roles. */
export const CREATURES = stems(
  'dragon goblin orc troll ogre giant wolf bear spider rat snake serpent crocodile beast monster undead ' +
    'skeleton zombie ghost ghoul spirit wraith vampire demon devil witch wizard sorcerer cultist bandit ' +
    'smuggler pirate thief guard knight soldier king queen prince princess lord lady priest priestess ' +
    'mayor captain merchant innkeeper ferryman elder',
);

/** The game's mechanics: important at the table, never an event of the story. */
const MECHANICS = stems(
  'roll rolled rolling initiative check checks advantage disadvantage perception stealth investigation ' +
    'insight athletics acrobatics persuasion deception intimidation dice d20 d6 d8 d10 d12 modifier ' +
    'bonus natural saving throw dc ac hp',
);

/**
 * The world around the table: when one of these reaches a summary, the table-talk filter missed a
 * line, and the summary should not repeat the miss.
 */
const OUT_OF_GAME = new Set(
  (
    'pizza pizzas chips snack snacks soda beer coffee drink phone charger bathroom toilet birthday homework ' +
    'job work meeting bus parking recap discord zoom handbook rulebook sheet session sessions host hosting weekend'
  ).split(' '),
);

/** Words that open chatter, not narration. */
const FILLER = new Set(
  'okay ok alright right yes yeah yep no nope um uh hmm oh ah well so hey wait sorry damn dammit great nice cool sure thanks'.split(
    ' ',
  ),
);

/** Capitalised words that open sentences without being names (STOP_WORDS aside). */
const OPENERS = new Set(
  (
    'yes yeah no okay ok oh ah um uh hey well now so right sure maybe please thanks sorry wait look let hold ' +
    'alright actually anyway both every one two three first next last after before because while suddenly ' +
    'finally later meanwhile then inside outside behind beyond without within across through near along ' +
    'around above below beneath under together soon once roll make take give tell ask find keep try cast ' +
    'good great nice dammit damn'
  ).split(' '),
);

/**
 * Crude stemmer shared by the word lists and the text: folds -s, -es, -ed, -ing and a final -e,
 * so "arrive", "arrives", "arrived" and "arriving" meet at "arriv".
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && /(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

function stems(list: string): Set<string> {
  return new Set(list.split(/\s+/).map(stem));
}

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const CAPITALISED = /^\p{Lu}/u;

/** A sentence's words as written (case kept). */
export function tokens(sentence: string): string[] {
  return sentence.match(TOKEN) ?? [];
}

/** A word as the name set and the word lists key it: lower case, without a possessive 's. */
export function key(token: string): string {
  return token.toLowerCase().replace(/['’]s$/, '');
}

/**
 * The session's names: words written capitalised inside a sentence (Whisper capitalises names,
 * not common words), minus "I" and its contractions. A sentence-initial capital says nothing by
 * itself, so an opening word counts as a name only when it is capitalised elsewhere too, or
 * never appears in lower case and is no common opener.
 */
export function sessionNames(sentences: string[]): Set<string> {
  const inside = new Set<string>();
  const opening = new Set<string>();
  const lower = new Set<string>();
  for (const sentence of sentences) {
    tokens(sentence).forEach((token, i) => {
      const k = key(token);
      if (!CAPITALISED.test(token)) lower.add(k);
      else if (i === 0) opening.add(k);
      else inside.add(k);
    });
  }
  const names = new Set<string>();
  const isWord = (w: string) => w !== 'i' && !w.startsWith("i'") && !/^\d/.test(w) && !STOP_WORDS.has(w);
  for (const w of inside) if (isWord(w) && !FILLER.has(w) && !OPENERS.has(w)) names.add(w);
  for (const w of opening) if (isWord(w) && !lower.has(w) && !FILLER.has(w) && !OPENERS.has(w)) names.add(w);
  return names;
}

export interface EventFeatures {
  names: number;
  verbs: number;
  places: number;
  items: number;
  creatures: number;
  mechanics: number;
  outOfGame: number;
  filler: boolean;
  question: boolean;
  contentWords: number;
}

export function eventFeatures(sentence: string, names: Set<string>): EventFeatures {
  const keys = tokens(sentence).map(key);
  const stemmed = keys.map(stem);
  const count = (set: Set<string>) => stemmed.filter((s) => set.has(s)).length;
  return {
    names: new Set(keys.filter((t) => names.has(t))).size,
    verbs: count(EVENT_VERBS),
    places: count(PLACES),
    creatures: count(CREATURES),
    items: count(ITEMS) + (/\b(\d+|[a-z]+ty|hundred|thousand)\s+(gold|silver|coins?)\b/i.test(sentence) ? 1 : 0),
    // A bare number ("22.", "That's a 14.") is a roll being called out.
    mechanics: count(MECHANICS) + (/\d/.test(sentence) && keys.length <= 3 ? 2 : 0),
    outOfGame: keys.filter((t) => OUT_OF_GAME.has(t)).length,
    filler: FILLER.has(keys[0] ?? ''),
    question: /\?["”')\]]*$/.test(sentence.trim()),
    contentWords: words(sentence).filter((w) => !STOP_WORDS.has(w)).length,
  };
}

/**
 * How much of a story event a sentence is, roughly 0..1: names and places weigh most (who and
 * where are what players ask about), then what was done and found; mechanics, filler and
 * questions across the table pull it down.
 */
export function eventScore(f: EventFeatures): number {
  const who = Math.min(f.names, 2) * 0.22 + Math.min(f.creatures, 1) * 0.12;
  const what = Math.min(f.verbs, 2) * 0.15;
  const where = Math.min(f.places, 2) * 0.12;
  const found = Math.min(f.items, 2) * 0.15;
  let score = who + what + where + found;
  if (f.mechanics) score -= 0.4 * Math.min(f.mechanics, 2);
  if (f.outOfGame) score -= 1;
  if (f.filler) score -= 0.15;
  if (f.question) score -= 0.25;
  if (f.contentWords < 2) score -= 0.3;
  else if (f.contentWords < 3) score -= 0.1;
  return Math.max(-1, Math.min(1, score));
}
