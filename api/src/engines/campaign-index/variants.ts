import { isCommonWord, isEnglishWord } from '../text/english-words';
import { phoneticKey } from '../text/phonetic';
import { editDistance, similarity } from '../text/similarity';

/** What resolving a spelling reads of a group of spellings. */
export interface Spelled {
  key: string;
  sound: string;
  /** As the cast or the vocabulary spells it. */
  known?: string;
  character: boolean;
}

/** Two spellings whose consonants sound alike are one name if their letters are this close. */
const VARIANT_SIMILARITY = 0.7;
/** An invented word this long may differ from another by one letter, or two swapped ("Greypsine"). */
const CLOSE_LETTERS = 6;

const CONNECTORS = new Set(['of', 'the', 'de', 'du', 'von', 'van', 'der', 'del', 'la', 'le']);

/** "Vax'ildan" → "vax": what a table calls a name with an apostrophe for short. */
const shortForm = (name: string) => (/['’]/.test(name) ? name.split(/['’]/)[0].toLowerCase() : undefined);

/**
 * The group a key belongs to: the same key or, for a spelling seen as a name somewhere (`loose`), one
 * that sounds alike, is a letter away or its plural ("Greypsine", "Greyspines"), a known name's short
 * form ("Vax"), the character a longer phrase names ("Professor Grog"), or one word of a longer name
 * said twice (`linesOf`). A word capitalised only at a sentence start ("Corn") must match exactly, or
 * every sentence would lend a name its words.
 */
export function resolve<G extends Spelled>(
  groups: Map<string, G>,
  key: string,
  loose: boolean,
  linesOf: ReadonlyMap<string, number>,
): G | undefined {
  const same = groups.get(key);
  if (same || !loose) return same;
  const sound = phoneticKey(key);
  for (const group of groups.values()) {
    if (group.sound === sound && similarity(group.key, key) >= VARIANT_SIMILARITY) return group;
  }
  const single = !key.includes(' ');
  if (single) for (const group of groups.values()) if (group.known && shortForm(group.known) === key) return group;
  const words = key.split(' ');
  if (key.length >= CLOSE_LETTERS) {
    const english = words.every((w) => isEnglishWord(w));
    for (const group of groups.values()) {
      const other = group.key;
      if (other.split(' ').length !== words.length || other[0] !== key[0]) continue;
      if (Math.abs(other.length - key.length) > 1) continue;
      // Two everyday words a letter apart ("ranger", "danger") are two words; a misspelt name is not one.
      if (editDistance(other, key) <= 1 && !(english && other.split(' ').every((w) => isEnglishWord(w)))) return group;
    }
  }
  const plural = single ? (groups.get(key.replace(/e?s$/, '')) ?? groups.get(`${key}s`)) : undefined;
  if (plural && plural.key !== key && !plural.key.includes(' ')) return plural;
  if (single && !isEnglishWord(key)) {
    // Only a name said twice lends its word: "Greyspine" is not the "Greyspine Quarry" said once.
    const longer = [...groups.values()].filter((g) => {
      const parts = g.key.split(' ');
      const said = g.known !== undefined || (linesOf.get(g.key) ?? 0) >= 2;
      return said && parts.length > 1 && (parts[0] === key || parts[parts.length - 1] === key);
    });
    if (longer.length === 1) return longer[0];
  }
  if (!single) {
    const parts = key.split(' ').filter((w) => !CONNECTORS.has(w));
    for (const end of [parts[0], parts[parts.length - 1]]) {
      const character = groups.get(end);
      if (character?.character) return character;
    }
  }
  return undefined;
}

/**
 * Folds groups into the names they build on. A phrase said once ("Greyspine Mines", "Palace
 * Greyspine" beside "Greyspine") joins the longest name said more often that it holds, the first of
 * equals, rather than standing as an entry on one line's word; returns the mentions it moved, which
 * say what the phrase is, not what the name is. And a name with a rarer English word before it, a
 * title the word list does not know ("Enchanter Pumat Sol"), joins the name.
 */
export function foldVariants<G extends Spelled & { mentions: M[] }, M extends { line: unknown }>(
  groups: Map<string, G>,
): Set<M> {
  const lines = (g: G) => new Set(g.mentions.map((m) => m.line)).size;
  const holders = [...groups.values()].filter((g) => g.known !== undefined || lines(g) >= 2);
  const moved = new Set<M>();
  for (const group of [...groups.values()]) {
    if (group.known !== undefined || !group.key.includes(' ')) continue;
    const [first, ...rest] = group.key.split(' ');
    const titled = groups.get(rest.join(' '));
    if (titled && isEnglishWord(first) && !isCommonWord(first) && rest.some((w) => !isEnglishWord(w))) {
      titled.mentions.push(...group.mentions);
      groups.delete(group.key);
      continue;
    }
    if (lines(group) !== 1) continue;
    const padded = ` ${group.key} `;
    const at = (h: G) => padded.indexOf(` ${h.key} `);
    const within = holders.filter((h) => h !== group && groups.has(h.key) && at(h) >= 0);
    const [into] = within.sort((a, b) => b.key.split(' ').length - a.key.split(' ').length || at(a) - at(b));
    if (!into) continue;
    for (const m of group.mentions) moved.add(m);
    into.mentions.push(...group.mentions);
    groups.delete(group.key);
  }
  return moved;
}
