/** What an index entry names. The owner can always correct it. */
export const ENTRY_KINDS = ['character', 'npc', 'place', 'item', 'faction', 'quest', 'other'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

type Vote = Exclude<EntryKind, 'character'>;

const words = (list: string) => new Set(list.split(' '));

/** The last word of a name says what it is: "Ember Blade", "Order of the Pale Hand", "Castle Greyhold". */
const HEADS: Record<Exclude<Vote, 'npc' | 'other'>, Set<string>> = {
  item: words(
    'blade sword axe dagger bow hammer staff wand rod orb amulet ring crown helm shield cloak tome book ' +
      'scroll stone gem key chalice cup horn lantern mirror spear mace armor armour boots gauntlets relic',
  ),
  faction: words(
    'guild order brotherhood sisterhood clan company cult church council league house legion circle ' +
      'band tribe hand syndicate alliance watch guard army host court coven fellowship',
  ),
  place: words(
    'castle keep tower temple city town village forest wood woods mountains mountain peak hills river ' +
      'sea lake isle island marsh swamp moor bay coast vale valley pass gate gates road bridge inn tavern ' +
      'hall crypt tomb ruins mine mines citadel fort fortress port harbor harbour desert wastes plains',
  ),
  quest: words('quest mission contract bounty task oath prophecy'),
};

/** Invented place names often end like English ones: Brindlemoor, Morrowgate, Duskhollow. */
const PLACE_ENDINGS =
  /(?:moor|gate|hollow|ford|keep|wood|vale|port|holm|burg|borough|ton|dale|fell|mere|reach|haven|watch|crest|falls|peak|ridge|marsh|spire|stead|wick|shire|land|heim|grad|hold|barrow|march|field|bridge|bury|cliff|helm)$/;

/** Words just before a name, and what they point at: "the village of Duskhollow", "named Vessaline". */
const BEFORE: [RegExp, Vote][] = [
  [
    /\b(?:town|village|city|walls|streets|gates?|ruins|road|edge|kingdom|realm|land|lands|isle|forest|capital) of$/,
    'place',
  ],
  [
    /\b(?:in|into|to|from|at|near|towards?|reach|reached|reaches|leave|left|across|through|outside|inside)(?: the)?$/,
    'place',
  ],
  [/\b(?:named|called|meet|meets|met|ask|asks|asked|tell|tells|told|thank|thanks|help|helps|follow|follows)$/, 'npc'],
  // One talks to, looks at and hands things to people: "turns to Balgus" is no place.
  [
    /\b(?:talk|talks|talked|talking|speak|speaks|spoke|say|says|said|look|looks|looked|looking|turn|turns|turned|listen|listens|give|gives|gave|hand|hands|handed|nod|nods|nodded|smile|smiles|smiled|wave|waves|waved|bow|bows|bowed|shout|shouts|shouted|yell|yells|whisper|whispers|whispered|reply|replies|replied|belongs?|next|close|walks? up|goes up|go up|points?)(?: \S+){0,3} (?:to|at|towards?)$/,
    'npc',
  ],
  [/\b(?:wields?|wielding|draws?|carr(?:y|ies)|holds?|found|finds?|the sword|the blade)(?: the)?$/, 'item'],
  [/\b(?:joins?|joined|members? of|sigil of|banner of|agents? of)(?: the)?$/, 'faction'],
  [/\b(?:quest|mission|task)(?: to| of| for)?(?: the)?$/, 'quest'],
];

const PERSON_PREPOSITION = /\b(?:to|at|towards?)$/;

/** A name cast is a spell, not someone met nor a place gone to: "I cast Stoneskin", "casting Fireball". */
const CAST = /\bcast(?:s|ing|ed)?$/;

/** Words just after a name: people speak and are described, "Kragmaw, the orc warlord". */
const PERSON_AFTER =
  /^(?:,\s+(?:the|a|an)\s+\w+|\s+(?:says|said|asks|asked|nods|nodded|smiles|smiled|grins|grinned|laughs|laughed|shouts|whispers|replies|replied|who|himself|herself)\b)/;
/**
 * A verb right after a name that opens a sentence: people act, "Thorin steps forward", "Faelan
 * marked a tower". Only there, because mid-sentence the same shape is a plural ("Oskarn miners").
 */
const SUBJECT_VERB = /^\s+(?!is\b|was\b|has\b|does\b)[a-z]+(?:s|ed)\b/;

/** Votes one mention's context casts: the text before it and after it in its line. */
export function contextVotes(before: string, after: string): Vote[] {
  const votes: Vote[] = [];
  const lead = before.toLowerCase().trimEnd();
  for (const [pattern, kind] of BEFORE) if (pattern.test(lead)) votes.push(kind);
  // "talks to X" casts the person's vote, not also the place's of "to X".
  if (votes.includes('npc') && votes.includes('place') && PERSON_PREPOSITION.test(lead))
    votes.splice(votes.indexOf('place'), 1);
  // Said right after the verb, the surest sign there is: it outweighs a preposition's vote ("I leave Stoneskin").
  if (CAST.test(lead)) votes.push('other', 'other');
  const opensSentence = /(?:^|[.?!:"“])$/.test(lead);
  if (/^['’]s\b/.test(after) || PERSON_AFTER.test(after) || (opensSentence && SUBJECT_VERB.test(after)))
    votes.push('npc');
  return votes;
}

/** Votes a name casts by its own words, once per entry. */
export function nameVotes(name: string, title: boolean): Vote[] {
  const parts = name.toLowerCase().split(/\s+/);
  const last = parts[parts.length - 1];
  const votes: Vote[] = [];
  if (title) votes.push('npc', 'npc');
  for (const kind of ['item', 'faction', 'place', 'quest'] as const) {
    if (parts.length > 1 && HEADS[kind].has(last)) votes.push(kind, kind, kind);
    if (kind === 'place' && parts.length > 1 && HEADS.place.has(parts[0])) votes.push('place', 'place');
  }
  if (parts.length === 1 && PLACE_ENDINGS.test(last)) votes.push('place');
  return votes;
}

/**
 * The kind with the most votes; "other" with none. A tie of person and place is a person: the words
 * that vote for a place ("to", "near", "from") fit a person one walks up to as well, while a
 * person's own votes (speaking, acting, "'s") fit no place.
 */
export function decideKind(votes: Vote[]): EntryKind {
  const counts = new Map<Vote, number>();
  for (const v of votes) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: EntryKind = 'other';
  let most = 0;
  for (const [kind, n] of counts) {
    if (n > most || (n === most && kind === 'npc' && best === 'place')) [best, most] = [kind, n];
  }
  return best;
}
