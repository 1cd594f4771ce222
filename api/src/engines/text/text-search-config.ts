/**
 * The PostgreSQL text-search configuration (stemmer and stop list) for each offered transcript
 * language (modules/accounts/languages.ts). A campaign's lines are indexed, and its questions
 * stemmed, with its owner's: a Spanish night stemmed by the English rules keeps "dragones" and
 * "dragón" apart. The embedded PostgreSQL has no configuration for Japanese, Chinese, Korean,
 * Polish, Ukrainian or Vietnamese (environment notes): `simple` lowercases and keeps every word.
 */
export const TEXT_SEARCH_CONFIGS: Readonly<Record<string, string>> = {
  en: 'english',
  en_au: 'english',
  en_uk: 'english',
  en_us: 'english',
  es: 'spanish',
  fr: 'french',
  de: 'german',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
  hi: 'hindi',
  fi: 'finnish',
  ru: 'russian',
  tr: 'turkish',
  ja: 'simple',
  zh: 'simple',
  ko: 'simple',
  pl: 'simple',
  uk: 'simple',
  vi: 'simple',
};

/** The configuration for a language code; `simple` for a code with none (never guess English). */
export function textSearchConfig(languageCode: string): string {
  return TEXT_SEARCH_CONFIGS[languageCode] ?? 'simple';
}

/** True for the English configuration, where the Q&A's English-only word rules hold. */
export const isEnglishConfig = (config: string) => config === 'english';

/** SQL mapping a language-code expression to its regconfig, the same table as textSearchConfig. */
export const textSearchConfigSql = (languageCode: string) =>
  `(case ${languageCode} ${Object.entries(TEXT_SEARCH_CONFIGS)
    .map(([code, config]) => `when '${code}' then '${config}'`)
    .join(' ')} else 'simple' end)::regconfig`;
