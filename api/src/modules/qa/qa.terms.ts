import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_VERBS } from '../../engines/summaries/lexicon';
import { isEnglishConfig, textSearchConfigSql } from '../../engines/text/text-search-config';
import { IRREGULAR_FORMS } from './qa.inflections';
import { FRAMING_WORDS, NOT_KEY_WORDS } from './qa.language-words';
import { PHRASES } from './qa.phrases';

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
  /**
   * The thing a "which …", "what …" or "how many …" question asks for ("which dragon burned the
   * village?"): the question takes it for granted, so a story that never has one cannot answer it.
   */
  asked: boolean;
  /** Capitalised in the question: a name, which Whisper may well have spelled otherwise. */
  name: boolean;
}

/** A verb by its form: "where was Tomas held?" is answered by "locked in a cage", with no "held". */
const isVerbForm = (word: string) =>
  word === word.toLowerCase() && (IRREGULAR_FORMS.has(word) || (word.length >= 5 && /[^e]ed$/.test(word)));

const STORY_VERBS = new Set(EVENT_VERBS.join(' ').split(/\s+/));
const AUXILIARY = /^(?:do|does|did|don['’]t|doesn['’]t|didn['’]t|will|would|can|could|should|shall|might|must)$/i;
const DETERMINER = /^(?:the|a|an|his|her|their|its|our|my|your|this|that|these|those)$/i;

/**
 * Verbs by their place: "what did the dragon breathe …?", "where does Ilsa keep …?". After do,
 * did, will… and the subject (a pronoun, a name, or a noun with its article) comes the verb, in
 * its plain form that no ending gives away. An adjective before the noun ("did the old woman
 * say") is stepped over when the word after it is a story verb and it is not.
 */
function verbsByPlace(question: string): Set<string> {
  const words = question.match(/[\p{L}]+(?:['’][\p{L}]+)*/gu) ?? [];
  const verbs = new Set<string>();
  words.forEach((word, i) => {
    if (!AUXILIARY.test(word)) return;
    let j = i + 1;
    if (j < words.length && DETERMINER.test(words[j])) j++;
    if (j < words.length && /^\p{Lu}/u.test(words[j])) while (j < words.length && /^\p{Lu}/u.test(words[j])) j++;
    else j++;
    if (j < words.length && /['’]s$/.test(words[j - 1])) j++; // "did the king's guard take"
    let verb = words[j];
    if (verb && !STORY_VERBS.has(verb) && STORY_VERBS.has(words[j + 1] ?? '')) verb = words[j + 1];
    if (verb && verb === verb.toLowerCase()) verbs.add(verb);
  });
  return verbs;
}

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
  // "Which character said the phrase 'Oh God'?": the quote is what is asked about, not a phrase.
  'phrase',
  'quot',
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
  'past',
  // What the question asks for rather than what the story must say: "what kind of creature is
  // Vhaskar?" is answered by "Vhaskar the lich", "what title did they give her?" by "new warden".
  'kind',
  'type',
  // "What actions is Monica performing?" is answered by what she does, never called an action.
  'action',
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
  // Categories a "which …" question asks for, which the story names by instance rather than say:
  // "which spell did she cast?" is answered by "she casts fireball".
  'way',
  'time',
  'day',
  'hour',
  'week',
  'month',
  'year',
  'color',
  'colour',
  'spell',
  'weapon',
  'monster',
  'beast',
  'anim',
  'god',
  'deiti',
  'race',
  'class',
  'languag',
  'word',
  'reason',
  'direct',
  'member',
  'npc',
  'villain',
]);

/** Manner adverbs ("secretly", "finally") colour a question; the story rarely says them. */
const isAdverb = (word: string) => word === word.toLowerCase() && word.length >= 5 && /ly$/.test(word);

/** The lexemes `config` makes of a word list (stop words dropped). */
async function lexemeSet(em: EntityManager, words: readonly string[] | undefined, config: string) {
  const rows = await lexemesOf(em, [...(words ?? [])], config);
  return new Set(rows.flatMap((r) => (r.lexeme ? [r.lexeme] : [])));
}

/** The campaign's text-search configuration: its owner's language's (engines/text/text-search-config). */
export async function campaignTextSearchConfig(em: EntityManager, campaignId: string): Promise<string> {
  const [row] = await em.getConnection().execute<Array<{ config: string }>>(
    `/* qa:config */ select ${textSearchConfigSql('u.language_code')}::text as config
     from campaigns c join users u on u.id = c.owner_id where c.id = ?`,
    [campaignId],
  );
  return row?.config ?? 'english';
}

/**
 * The question's distinct content terms, lexemes as the index stage writes them with `config`,
 * the campaign's text-search configuration. The word rules below (phrases, verbs by form or
 * place, adverbs, "which …") are English: elsewhere the stop list, FRAMING_WORDS and NOT_KEY_WORDS hold.
 */
export async function questionTerms(em: EntityManager, question: string, config = 'english'): Promise<QuestionTerm[]> {
  const english = isEnglishConfig(config);
  const phrased = english ? PHRASES.reduce((q, [pattern, word]) => q.replace(pattern, word), question) : question;
  const words = [...new Set(phrased.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [])];
  if (!words.length) return [];
  const rows = await lexemesOf(em, words, config);
  const notKey = english ? NOT_KEY : await lexemeSet(em, NOT_KEY_WORDS[config], config);
  const framing = english ? QUESTION_FRAMING : await lexemeSet(em, FRAMING_WORDS[config], config);
  // The words right after the question word: "which dragon", "which red dragon" (a verb or a
  // stop word there, "what did", "what attacked", is no thing asked for).
  const asked = new Set(
    english
      ? [
          ...phrased.matchAll(
            /\b(?:which|what|whose|how\s+many|how\s+much)\s+([\p{L}\p{N}]+)(?:\s+([\p{L}\p{N}]+))?/giu,
          ),
        ]
          .flatMap((m) => m.slice(1))
          .filter(Boolean)
      : [],
  );
  const placedVerbs = english ? verbsByPlace(phrased) : new Set<string>();
  const seen = new Set<string>();
  const terms = rows
    .filter((row): row is { word: string; lexeme: string } => {
      if (!row.lexeme || framing.has(row.lexeme) || seen.has(row.lexeme)) return false;
      seen.add(row.lexeme);
      return true;
    })
    .map((row) => ({
      ...row,
      key: !notKey.has(row.lexeme) && !(english && isAdverb(row.word)),
      verb: english && (isVerbForm(row.word) || placedVerbs.has(row.word)),
      asked: asked.has(row.word),
      name: /^\p{Lu}/u.test(row.word),
    }));
  // A question made only of such words is about them: "when is the next session?" asks about the
  // table, and the story must say "session" to answer it.
  return terms.some((t) => t.key) ? terms : terms.map((t) => ({ ...t, key: true }));
}

/** Question words with the lexeme PostgreSQL made of each (null: a stop word), oldest first, by config. */
const stems = new Map<string, string | null>();
const STEMS_KEPT = 10_000;

/**
 * Each word's lexeme by to_tsvector(config), as the index stage makes them: one round trip for
 * the words not stemmed before. Questions reuse their words, and a word's lexeme never changes,
 * so the process keeps the last STEMS_KEPT.
 */
export async function lexemesOf(
  em: EntityManager,
  words: string[],
  config = 'english',
): Promise<Array<{ word: string; lexeme: string | null }>> {
  const key = (word: string) => `${config}\u0000${word}`;
  const unknown = words.filter((w) => !stems.has(key(w)));
  if (unknown.length) {
    const rows = await em.getConnection().execute<Array<{ word: string; lexeme: string | null }>>(
      `/* qa:terms */ select w as word, (tsvector_to_array(to_tsvector(?::regconfig, w)))[1] as lexeme
       from jsonb_array_elements_text(?::jsonb) as w`,
      [config, JSON.stringify(unknown)],
    );
    for (const row of rows) stems.set(key(row.word), row.lexeme);
    for (const word of stems.keys()) {
      if (stems.size <= STEMS_KEPT) break;
      stems.delete(word);
    }
  }
  return words.map((word) => ({ word, lexeme: stems.get(key(word)) ?? null }));
}

/** A tsquery literal matching exactly this lexeme (no second stemming). */
export function lexemeQuery(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
