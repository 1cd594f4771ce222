import type { EntityManager } from '@mikro-orm/postgresql';

/** A content word of the question and the lexeme PostgreSQL's English configuration makes of it. */
export interface QuestionTerm {
  word: string;
  lexeme: string;
  /**
   * A word the story must hold for the question to be about it. Not key: words about the table
   * rather than the story, generic verbs and prepositions of place (they still rank passages).
   */
  key: boolean;
  /** A verb by its form ("held", "rescued"): phrasing, which the story may say otherwise. */
  verb: boolean;
}

/** Past forms: "where was Tomas held?" is answered by "locked in a cage", with no "held". */
const IRREGULAR_PAST = new Set(
  'held kept hid fought caught brought bought sought taught built sent spent lost left won forgot told sold stole took gave'.split(
    ' ',
  ),
);
const isVerbForm = (word: string) =>
  word === word.toLowerCase() && (IRREGULAR_PAST.has(word) || (word.length >= 5 && /[^e]ed$/.test(word)));

/**
 * Lexemes that PostgreSQL's English stop list keeps but that only frame a question ("what
 * happened", "tell me", "did they say"): counted as evidence, they would make a passage about
 * anything look half relevant.
 */
const QUESTION_FRAMING = new Set([
  'happen',
  'tell',
  'say',
  'said',
  'know',
  'think',
  'mention',
  'talk',
  'describ',
  'explain',
  'rememb',
  'recal',
  'exact',
  'actual',
  'anyth',
  'someth',
  'thing',
  // "How much gold", "how many guards": the amount is what is asked, not a word to find.
  'much',
  'mani',
]);

/**
 * Lexemes about the table, not the story ("in which session did the party first meet Ilsa?" needs
 * only "Ilsa" said in game), generic verbs, and prepositions of place the stop list keeps ("hidden
 * beneath the floorboards" is answered by "under a loose floorboard"): never a reason to decline.
 */
const NOT_KEY = new Set([
  'session',
  'parti',
  'group',
  'hero',
  'player',
  'game',
  'campaign',
  'tabl',
  'charact',
  'adventur',
  'everyon',
  'first',
  'last',
  'next',
  // "at the end", "in the beginning": when in the story, not what happened.
  'end',
  'begin',
  'get',
  'got',
  'make',
  'made',
  'come',
  'came',
  'put',
  'use',
  'tri',
  'becom',
  'let',
  'beneath',
  'underneath',
  'behind',
  'insid',
  'outsid',
  'across',
  'toward',
  'around',
  'near',
  'within',
  'upon',
  'along',
  'among',
  'besid',
  'beyond',
  'away',
  // What the question asks for rather than what the story must say: "what kind of creature is
  // Vhaskar?" is answered by "Vhaskar the lich", "what title did they give her?" by "new warden".
  'kind',
  'type',
  'sort',
  'name',
  'titl',
  'creatur',
  'item',
  'object',
  'person',
  'peopl',
  'place',
  'locat',
]);

/** Manner adverbs ("secretly", "finally") colour a question; the story rarely says them. */
const isAdverb = (word: string) => word === word.toLowerCase() && word.length >= 5 && /ly$/.test(word);

/**
 * Multi-word verbs said as one ("run away" is "fled"), so that the related words of the one
 * (qa.synonyms.ts) find the transcript's paraphrase and "away" is not taken for a key word.
 */
const PHRASES: Array<[RegExp, string]> = [
  [/\b(run|runs|ran|running|get|gets|got|getting)\s+away\b/gi, 'fled'],
  [/\b(bring|brings|brought|bringing|tear|tore|torn|knock|knocked)\s+down\b/gi, 'destroyed'],
  [/\b(turn|turns|turned|turning)\s+on\b/gi, 'attacked'],
  [/\bfirst\s+(see|sees|saw|seen|meet|meets|met|encounter|encountered)\b/gi, 'met'],
  [/\b(run|runs|ran|bump|bumped)\s+into\b/gi, 'met'],
  [/\b(set|sets)\s+fire\s+to\b/gi, 'burned'],
  [/\b(pick|picks|picked)\s+up\b/gi, 'took'],
  [/\b(hand|hands|handed)\s+over\b/gi, 'gave'],
  [/\b(look|looks|looked|looking)\s+for\b/gi, 'searched'],
];

/** The question's distinct content terms, lexemes as the index stage (to_tsvector('english')) writes them. */
export async function questionTerms(em: EntityManager, question: string): Promise<QuestionTerm[]> {
  const phrased = PHRASES.reduce((q, [pattern, word]) => q.replace(pattern, word), question);
  const words = [...new Set(phrased.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [])];
  if (!words.length) return [];
  const rows = await em.getConnection().execute<Array<{ word: string; lexeme: string | null }>>(
    `select w as word, (tsvector_to_array(to_tsvector('english', w)))[1] as lexeme
     from jsonb_array_elements_text(?::jsonb) as w`,
    [JSON.stringify(words)],
  );
  const seen = new Set<string>();
  const terms = rows
    .filter((row): row is { word: string; lexeme: string } => {
      if (!row.lexeme || QUESTION_FRAMING.has(row.lexeme) || seen.has(row.lexeme)) return false;
      seen.add(row.lexeme);
      return true;
    })
    .map((row) => ({ ...row, key: !NOT_KEY.has(row.lexeme) && !isAdverb(row.word), verb: isVerbForm(row.word) }));
  // A question made only of such words is about them: "when is the next session?" asks about the
  // table, and the story must say "session" to answer it.
  return terms.some((t) => t.key) ? terms : terms.map((t) => ({ ...t, key: true }));
}

/** A tsquery literal matching exactly this lexeme (no second stemming). */
export function lexemeQuery(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
