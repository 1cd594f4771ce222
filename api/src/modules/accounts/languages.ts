/** The transcript languages offered (docs/product.md#data), in the order the product lists them. */
export const LANGUAGES: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'en', label: 'Global English' },
  { code: 'en_au', label: 'Australian English' },
  { code: 'en_uk', label: 'British English' },
  { code: 'en_us', label: 'US English' },
  { code: 'es', label: 'Spanish' },
  { code: 'fr', label: 'French' },
  { code: 'de', label: 'German' },
  { code: 'it', label: 'Italian' },
  { code: 'pt', label: 'Portuguese' },
  { code: 'nl', label: 'Dutch' },
  { code: 'hi', label: 'Hindi' },
  { code: 'ja', label: 'Japanese' },
  { code: 'zh', label: 'Chinese' },
  { code: 'fi', label: 'Finnish' },
  { code: 'ko', label: 'Korean' },
  { code: 'pl', label: 'Polish' },
  { code: 'ru', label: 'Russian' },
  { code: 'tr', label: 'Turkish' },
  { code: 'uk', label: 'Ukrainian' },
  { code: 'vi', label: 'Vietnamese' },
];

export const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);

export function isLanguageCode(value: string): boolean {
  return LANGUAGE_CODES.includes(value);
}

/** The ISO 639-1 code speech engines take for a transcript language (the English variants are all `en`). */
export function spokenLanguage(code: string): string {
  return code.split('_')[0];
}
