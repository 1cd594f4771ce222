import type { EntityManager } from '@mikro-orm/postgresql';
import { IRREGULAR_VERBS } from './qa.inflections';
import { DOERS, GROUPS } from './qa.synonym-groups';

export interface Related {
  /** Each lexeme with the other lexemes of the same word ("sang" with "sing", "sung"). */
  forms: Map<string, string[]>;
  /** Each lexeme of the groups (qa.synonym-groups.ts) with the lexemes it stands in for, its own forms aside. */
  related: Map<string, string[]>;
  /** Each verb's lexemes (all forms) with the lexemes of who does it ("steal": thief, robber). */
  doers: Map<string, string[]>;
  /**
   * Each verb lexeme with the verbs of its groups (all forms) and who does them: the words that
   * tell the act itself. A group's nouns are left out ("fire" of "burn": a fire is no burning of
   * the stable), as the premise check needs (qa.premise.ts).
   */
  verbal: Map<string, string[]>;
}

let related: Promise<Related> | undefined;

/**
 * The groups and irregular verbs as PostgreSQL's English configuration stems them (so "stolen"
 * meets the index's "stolen", "guarding" its "guard"). Computed once per process.
 */
export function relatedLexemes(em: EntityManager): Promise<Related> {
  related ??= load(em).catch((error: unknown) => {
    related = undefined;
    throw error;
  });
  return related;
}

async function load(em: EntityManager): Promise<Related> {
  // Every form of every verb: the stemmer leaves some regular ones apart too ("freed", "free").
  const verbs = [...IRREGULAR_VERBS, ...GROUPS.flatMap((g) => g.verbs).map((verb) => [verb, ...regularForms(verb)])];
  const words = [...new Set([...GROUPS.flatMap((g) => g.words), ...verbs.flat(), ...DOERS.flatMap((d) => d.doers)])];
  const rows = await em.getConnection().execute<Array<{ word: string; lexeme: string | null }>>(
    `select w as word, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme
     from jsonb_array_elements_text(?::jsonb) as w`,
    [JSON.stringify(words)],
  );
  const lexemeOf = new Map(rows.map((r) => [r.word, r.lexeme]));
  const lexemesOf = (group: string[]) => [
    ...new Set(group.map((w) => lexemeOf.get(w)).filter((l): l is string => !!l)),
  ];
  const forms = linked(verbs.map(lexemesOf));
  // A group holds every form of its verbs: "caught" stands in for "captured" as "catch" does.
  const withForms = (lexemes: string[]) => [...new Set(lexemes.flatMap((l) => [l, ...(forms.get(l) ?? [])]))];
  const groups = GROUPS.map((g) => withForms(lexemesOf(g.words)));
  const related = new Map(
    [...linked(groups)].map(([lexeme, others]) => [lexeme, others.filter((l) => !forms.get(lexeme)?.includes(l))]),
  );
  const doers = new Map<string, string[]>();
  for (const d of DOERS)
    for (const verb of withForms(lexemesOf(d.verbs)))
      doers.set(verb, [...(doers.get(verb) ?? []), ...lexemesOf(d.doers)]);
  const verbal = linked(GROUPS.map((g) => withForms(lexemesOf(g.verbs))));
  for (const [verb, who] of doers) verbal.set(verb, [...new Set([...(verbal.get(verb) ?? []), ...who])]);
  return {
    forms,
    doers,
    related,
    verbal,
  };
}

/** Each lexeme of the groups with the other lexemes of every group it is in, sorted. */
function linked(groups: string[][]): Map<string, string[]> {
  const map = new Map<string, Set<string>>();
  for (const lexemes of groups) {
    for (const lexeme of lexemes) {
      const set = map.get(lexeme) ?? new Set<string>();
      for (const other of lexemes) if (other !== lexeme) set.add(other);
      map.set(lexeme, set);
    }
  }
  return new Map([...map].map(([lexeme, set]) => [lexeme, [...set].sort()]));
}

/** The regular forms of a verb, spelled as English does ("free": frees, freed, freeing; "grab": grabbed, grabbing). */
function regularForms(verb: string): string[] {
  if (/e$/.test(verb)) return [`${verb}s`, `${verb}d`, `${verb.slice(0, -1)}ing`, `${verb}ing`];
  if (/[^aeiou]y$/.test(verb)) return [`${verb.slice(0, -1)}ies`, `${verb.slice(0, -1)}ied`, `${verb}ing`];
  const s = /(s|sh|ch|x|z|o)$/.test(verb) ? `${verb}es` : `${verb}s`;
  // A short verb ending consonant-vowel-consonant doubles its last letter: stab, stabbed.
  const double = /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(verb) ? verb.slice(-1) : '';
  return [s, `${verb}${double}ed`, `${verb}${double}ing`];
}
