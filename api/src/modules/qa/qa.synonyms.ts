import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Words that stand in for each other in questions about a tabletop story: players ask "who is
 * guarding the lantern?" of a transcript that says "she will keep it safe", or "who bought it?" of
 * "Merrick sold it". Curated by hand for the domain and its common verbs; a word may sit in more
 * than one group. A related word counts for less than the question's own (RETRIEVAL.related).
 * Verbs are how a question is phrased more than what it is about, so a passage may lack one
 * (qa.tuning.ts allowedMissing counts only the other words).
 */
// One group a line: verbs, then after "|" the other words of the group.
const GROUPS = [
  'keep kept guard protect hold held safeguard secure defend watch | safe',
  'steal stole stolen rob grab seize snatch take took taken pilfer pocket | theft thief',
  'capture captured catch caught seize seized grab grabbed nab arrest trap trapped | captive prisoner',
  'kill killed slay slew slain defeat destroy murder die died | dead death',
  'destroy destroyed smash smashed shatter shattered break broke broken wreck crush ruin topple | rubble',
  'defeat beat fall fell shoot shot kill',
  'flee fled escape escaped run ran retreat vanish disappear bolt',
  'go went travel head ride rode sail journey walk march leave left',
  'cross row sail swim | ferry',
  'find found discover uncover locate search',
  'buy bought sell sold purchase trade pay paid',
  'promise promised offer offered pay paid pledge vow owe owed',
  'ask asked demand demanded want wanted request charge | price',
  'free freed rescue release save saved unlock',
  'live lives dwell stay | home lair hideout',
  'hide hid hidden conceal concealed stash bury buried tuck | secret',
  '| beneath underneath below under',
  'attack ambush bite strike struck assault charge burst fight fought battle clash duel',
  'lock locked capture captured chain | cage prison prisoner captive jail',
  'plan plot intend want | scheme ritual',
  'see saw seen spot notice witness',
  'meet met greet visit encounter encountered',
  'tell told say said warn warned inform informed whisper whispered explain reveal report',
  'give gave hand handed bring brought deliver',
  '| name named call called',
  '| boat ferry ship raft barge',
  '| treasure loot gold chest coin coins gem jewel hoard',
  '| money gold silver copper platinum coin coins piece pieces payment reward fee price wage bounty purse',
  '| reward pay paid offer gold fee',
  '| leader lead boss chief master',
  '| king queen ruler rule lord',
  '| monster beast creature',
  '| witch hag sorceress',
  '| wizard mage sorcerer',
  '| village town hamlet',
  '| letter note message',
  '| map chart',
  '| cloak cape robe',
  '| spirit ghost undead wraith',
].map((line) => {
  const [verbs, others = ''] = line.split('|');
  const split = (words: string) => words.split(' ').filter(Boolean);
  return { verbs: split(verbs), words: [...split(verbs), ...split(others)] };
});

export interface Related {
  /** Each lexeme of the groups with the lexemes it stands in for. */
  related: Map<string, string[]>;
  /** The lexemes of the verb groups. */
  verbs: Set<string>;
}

let related: Promise<Related> | undefined;

/**
 * The groups as PostgreSQL's English configuration stems them (so "stolen" meets the index's
 * "stolen", "guarding" its "guard"). Computed once per process.
 */
export function relatedLexemes(em: EntityManager): Promise<Related> {
  related ??= load(em).catch((error: unknown) => {
    related = undefined;
    throw error;
  });
  return related;
}

async function load(em: EntityManager): Promise<Related> {
  const words = [...new Set(GROUPS.flatMap((g) => g.words))];
  const rows = await em.getConnection().execute<Array<{ word: string; lexeme: string | null }>>(
    `select w as word, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme
     from jsonb_array_elements_text(?::jsonb) as w`,
    [JSON.stringify(words)],
  );
  const lexemeOf = new Map(rows.map((r) => [r.word, r.lexeme]));
  const lexemesOf = (group: string[]) => [
    ...new Set(group.map((w) => lexemeOf.get(w)).filter((l): l is string => !!l)),
  ];
  const map = new Map<string, Set<string>>();
  for (const group of GROUPS) {
    const lexemes = lexemesOf(group.words);
    for (const lexeme of lexemes) {
      const set = map.get(lexeme) ?? new Set<string>();
      for (const other of lexemes) if (other !== lexeme) set.add(other);
      map.set(lexeme, set);
    }
  }
  return {
    related: new Map([...map].map(([lexeme, set]) => [lexeme, [...set].sort()])),
    verbs: new Set(GROUPS.flatMap((g) => lexemesOf(g.verbs))),
  };
}
