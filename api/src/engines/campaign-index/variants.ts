import { isEnglishWord } from '../text/english-words';
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
 * that sounds alike, one a letter away or its plural ("Greypsine", "Greyspines"), a cast or vocabulary
 * name's short form ("Vax"), the character a longer phrase names ("Grog Strongjaw", "Professor Grog"),
 * or one word of a longer name alone ("Ysoldra", "Greyhold"). An English word only capitalised at a
 * sentence start ("Corn") must match exactly, or every sentence would lend a name its words.
 */
export function resolve<G extends Spelled>(groups: Map<string, G>, key: string, loose: boolean): G | undefined {
  const same = groups.get(key);
  if (same || !loose) return same;
  const sound = phoneticKey(key);
  for (const group of groups.values()) {
    if (group.sound === sound && similarity(group.key, key) >= VARIANT_SIMILARITY) return group;
  }
  const single = !key.includes(' ');
  if (single) for (const group of groups.values()) if (group.known && shortForm(group.known) === key) return group;
  if (single && key.length >= CLOSE_LETTERS) {
    const english = isEnglishWord(key);
    for (const group of groups.values()) {
      const other = group.key;
      if (other.includes(' ') || other[0] !== key[0] || Math.abs(other.length - key.length) > 1) continue;
      // Two everyday words a letter apart ("ranger", "danger") are two words; a misspelt name is not one.
      if (editDistance(other, key) <= 1 && !(english && isEnglishWord(other))) return group;
    }
  }
  if (single && !isEnglishWord(key)) {
    const plural = groups.get(key.replace(/e?s$/, '')) ?? groups.get(`${key}s`);
    if (plural && !plural.key.includes(' ')) return plural;
    const longer = [...groups.values()].filter((g) => {
      const parts = g.key.split(' ');
      return parts.length > 1 && (parts[0] === key || parts[parts.length - 1] === key);
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
