import { startTestApp, type TestApp } from '../../../test/app';
import { LANGUAGE_CODES } from '../accounts/languages';
import { textSearchConfig } from '../../engines/text/text-search-config';
import { lexemesOf, questionTerms } from './qa.terms';

// Issue 48 point 6: a question in each offered language is stemmed by PostgreSQL with that
// language's text-search configuration, the one its campaign's lines are indexed with. Each row:
// the configuration, a question word in the language and the lexeme that configuration makes of
// it (a plural or inflection stemmed away; `simple` only lowercases), and a stop word of the
// language, which no configuration but its own drops.
const EXPECTED: Record<string, { config: string; word: string; lexeme: string; stop?: string }> = {
  en: { config: 'english', word: 'dragons', lexeme: 'dragon', stop: 'the' },
  en_au: { config: 'english', word: 'knights', lexeme: 'knight', stop: 'the' },
  en_uk: { config: 'english', word: 'villages', lexeme: 'villag', stop: 'the' },
  en_us: { config: 'english', word: 'promised', lexeme: 'promis', stop: 'the' },
  es: { config: 'spanish', word: 'dragones', lexeme: 'dragon', stop: 'los' },
  fr: { config: 'french', word: 'chevaliers', lexeme: 'chevali', stop: 'avec' },
  de: { config: 'german', word: 'Drachen', lexeme: 'drach', stop: 'und' },
  it: { config: 'italian', word: 'cavalieri', lexeme: 'cavalier', stop: 'gli' },
  pt: { config: 'portuguese', word: 'cavaleiros', lexeme: 'cavaleir', stop: 'os' },
  nl: { config: 'dutch', word: 'ridders', lexeme: 'ridder', stop: 'het' },
  // PostgreSQL's Hindi configuration stems but has no stop list.
  hi: { config: 'hindi', word: 'लड़कों', lexeme: 'लड़क' },
  ja: { config: 'simple', word: 'ドラゴン', lexeme: 'ドラゴン' },
  zh: { config: 'simple', word: '巨龙', lexeme: '巨龙' },
  fi: { config: 'finnish', word: 'ritarit', lexeme: 'ritar', stop: 'ja' },
  ko: { config: 'simple', word: '드래곤', lexeme: '드래곤' },
  pl: { config: 'simple', word: 'Smoki', lexeme: 'smoki' },
  ru: { config: 'russian', word: 'драконы', lexeme: 'дракон', stop: 'и' },
  tr: { config: 'turkish', word: 'ejderhalar', lexeme: 'ejderha', stop: 've' },
  uk: { config: 'simple', word: 'Дракони', lexeme: 'дракони' },
  vi: { config: 'simple', word: 'Rồng', lexeme: 'rồng' },
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

it('covers every offered language', () => {
  expect(Object.keys(EXPECTED).sort()).toEqual([...LANGUAGE_CODES].sort());
});

it.each(LANGUAGE_CODES.map((code) => [code]))('stems a %s question with its own configuration', async (code) => {
  const { config, word, lexeme, stop } = EXPECTED[code];
  expect(textSearchConfig(code)).toBe(config);
  const em = app.orm.em.fork();
  const [stemmed] = await lexemesOf(em, [word], textSearchConfig(code));
  expect(stemmed).toEqual({ word, lexeme });
  if (stop) {
    expect((await lexemesOf(em, [stop], config))[0].lexeme).toBeNull();
    // English, which stemmed every question before, keeps the other language's stop word.
    if (config !== 'english') expect((await lexemesOf(em, [stop], 'english'))[0].lexeme).not.toBeNull();
  }
});

it('keeps the English question rules to English questions', async () => {
  const em = app.orm.em.fork();
  // "session" is a word about the table in both; English also drops framing words ("tell").
  const english = await questionTerms(em, 'Tell me which sword Bram found in the session', 'english');
  expect(english.map((t) => [t.lexeme, t.key])).toEqual([
    ['sword', true],
    ['bram', true],
    ['found', true],
    ['session', false],
  ]);
  // Spanish: its stop list drops "qué", "en", "la"; no English verb or "which …" rule applies.
  const spanish = await questionTerms(em, '¿Qué espada encontró Bram en la sesión?', 'spanish');
  expect(spanish.map((t) => [t.word, t.key, t.verb, t.asked])).toEqual([
    ['espada', true, false, false],
    ['encontró', true, false, false],
    ['Bram', true, false, false],
    ['sesión', false, false, false],
  ]);
});
