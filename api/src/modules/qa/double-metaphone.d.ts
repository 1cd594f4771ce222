/** double-metaphone 1.x (CommonJS, no types of its own): a word's primary and alternate codes. */
declare module 'double-metaphone' {
  export default function doubleMetaphone(value: string): [string, string];
}
