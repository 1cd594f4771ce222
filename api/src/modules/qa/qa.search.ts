import { phoneticKey } from '../../engines/text/phonetic';
import { isCommonWord, isEnglishWord } from '../../engines/text/english-words';
import { weights } from './qa.bm25';
import type { QaIndex } from './qa.index';
import { soundsLikeName } from './qa.metaphone';
import type { Searched } from './qa.scope';
import type { Related } from './qa.synonyms';
import type { QuestionTerm } from './qa.terms';
import { RETRIEVAL } from './qa.tuning';

/**
 * A question term in the index: by its own forms, with the related words the scope says
 * (qa.synonyms.ts) at RETRIEVAL.related of an occurrence; else, a word that is not a name, by the
 * two words it joins (`compoundParts`); else by how it sounds, else by its spelling. Its weight is
 * the idf of all of them: "guard" said once is no rare word in a story that keeps and protects
 * things in twenty lines.
 */
export function search(index: QaIndex, term: QuestionTerm, words: Related, who: boolean): Searched[] {
  const whole = searchWord(index, term, words, who);
  if ((whole.present && !whole.fuzzy) || term.name) return [whole];
  const parts = compoundParts(index, term.lexeme);
  if (!parts) return [whole];
  return parts.map((part) => searchWord(index, { ...term, word: part, lexeme: part }, words, who));
}

function searchWord(index: QaIndex, term: QuestionTerm, words: Related, who: boolean): Searched {
  const said = (lexemes: string[]) => lexemes.filter((l) => index.postings.has(l));
  // Asked who did it, the doer is the deed itself: "who stole it?" is answered by "the thief".
  const doers = who ? (words.doers.get(term.lexeme) ?? []) : [];
  const own = said([term.lexeme, ...(words.forms.get(term.lexeme) ?? []), ...doers]);
  const related = said(words.related.get(term.lexeme) ?? []).filter((l) => !own.includes(l));
  const lexemes = [...own, ...related];
  const shares = [...own.map(() => 1), ...related.map(() => RETRIEVAL.related)];
  if (lexemes.length) return { term, lexemes, shares, ...weights(index, lexemes), present: true, fuzzy: false };
  const absent = { term, lexemes: [], shares: [], ...weights(index, []), present: false, fuzzy: false };
  if (term.lexeme.length < RETRIEVAL.minFuzzyLength) return absent;
  // A common verb the story never says is not looked for by its spelling: Whisper mishears words
  // as others that sound alike ("fairy" for "ferry"), while one spelled alike is another word
  // ("paid" is no "pair": the answer quoted "Korrin … pairs him"). Names, things and rarer words
  // are (a thing never said weighs on the decline, a verb does not).
  const near = nearest(
    index,
    term.lexeme,
    term.name || !term.verb || !isCommonWord(term.word),
    term.name && !isEnglishWord(term.word),
    // A common word is not another word spelled like it: a "crown" never said is no "crowd".
    !term.name && isCommonWord(term.word),
  );
  if (!near) return absent;
  return {
    term,
    lexemes: [near.lexeme],
    shares: [1],
    ...weights(index, [near.lexeme], near.similarity),
    present: true,
    fuzzy: true,
  };
}

/**
 * The two words a word the scope never says was written apart as: a question's "warcamp" is the
 * transcript's "war camp" (CRD3's wiki and its transcripts; Whisper writes "spell book" and
 * "spellbook" alike). Both must be said, one right after the other (a space or a hyphen between),
 * in some line: "keep watch at the inn" holds no innkeeper, nor "war campaign" a warcamp.
 * The parts are then searched as words of their own, as decompounding does in retrieval.
 */
function compoundParts(index: QaIndex, lexeme: string): [string, string] | undefined {
  if (!/^[a-z]+$/.test(lexeme)) return undefined;
  for (let cut = RETRIEVAL.minCompoundPart; cut <= lexeme.length - RETRIEVAL.minCompoundPart; cut++) {
    const [first, second] = [lexeme.slice(0, cut), lexeme.slice(cut)];
    const [a, b] = [index.postings.get(first), index.postings.get(second)];
    if (!a || !b) continue;
    // The second part may end as its stem's word does ("war camps"), not go on into another word
    // ("war campaign" is no war camp).
    const apart = new RegExp(`\\b${first}[\\s-]+${second}[a-z]{0,3}\\b`, 'i');
    for (let i = 0, j = 0; i < a.lines.length && j < b.lines.length;) {
      if (a.lines[i] < b.lines[j]) i++;
      else if (a.lines[i] > b.lines[j]) j++;
      else if (apart.test(index.text[a.lines[i]])) return [first, second];
      else [i, j] = [i + 1, j + 1];
    }
  }
  return undefined;
}

/**
 * The index's lexeme that a word the scope never says most likely is: of those that sound alike
 * (phonetic.ts), the closest spelling; failing that, when `bySpelling`, a spelling at least
 * RETRIEVAL.minSimilarity alike (trigram similarity, as pg_trgm's); failing both, for a `name` no
 * dictionary holds, a word of the scope no dictionary holds either that Double Metaphone keys alike.
 * A `common` word's spelling stands in only for a word no dictionary holds (Whisper's "gundrin"),
 * never for another word ("crowd" of "crown").
 * Its similarity, at least RETRIEVAL.minSimilarity, scales the term's weight.
 */
function nearest(
  index: QaIndex,
  lexeme: string,
  bySpelling: boolean,
  name: boolean,
  common: boolean,
): { lexeme: string; similarity: number } | undefined {
  const byScore = (candidates: Iterable<string>, floor: number) => {
    let best: { lexeme: string; similarity: number } | undefined;
    for (const candidate of candidates) {
      if (common && floor > 0 && isEnglishWord(candidate)) continue;
      const similarity = trigramSimilarity(lexeme, candidate);
      if (similarity >= floor && (!best || similarity > best.similarity)) best = { lexeme: candidate, similarity };
    }
    return best;
  };
  const key = phoneticKey(lexeme);
  const sounding = key.length >= RETRIEVAL.minSoundLength ? index.sounds.get(key) : undefined;
  const sound = sounding && byScore(sounding, 0);
  if (sound) return { lexeme: sound.lexeme, similarity: Math.max(sound.similarity, RETRIEVAL.minSimilarity) };
  if (!bySpelling) return undefined;
  // Spellings that begin alike and are about as long: a full scan of a large campaign's words
  // would cost more than the rest of the question.
  const alike = [...index.postings.keys()].filter((l) => l[0] === lexeme[0] && Math.abs(l.length - lexeme.length) <= 3);
  const spelled = byScore(alike, RETRIEVAL.minSimilarity);
  if (spelled || !name) return spelled;
  // Last, a name by Double Metaphone (qa.metaphone.ts): "Oswald" is Whisper's "asworld".
  const named = byScore(soundsLikeName(index, lexeme), 0);
  return named && { lexeme: named.lexeme, similarity: Math.max(named.similarity, RETRIEVAL.minSimilarity) };
}

const trigrams = (word: string) => {
  const padded = `  ${word} `;
  return new Set(Array.from({ length: padded.length - 2 }, (_, i) => padded.slice(i, i + 3)));
};

/** pg_trgm's similarity: shared trigrams over all trigrams of the two words. */
function trigramSimilarity(a: string, b: string): number {
  const [x, y] = [trigrams(a), trigrams(b)];
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}
