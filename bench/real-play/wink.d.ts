/** The parts of wink-bm25-text-search and wink-nlp-utils the real-play bench uses (neither ships types). */
declare module 'wink-bm25-text-search' {
  type Prep = (input: never) => unknown;
  interface Engine {
    defineConfig(config: {
      fldWeights: Record<string, number>;
      bm25Params?: { k1?: number; b?: number; k?: number };
    }): boolean;
    definePrepTasks(tasks: Prep[]): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(fp?: number): boolean;
    /** [id, score] pairs, best first. */
    search(text: string, limit?: number): Array<[string, number]>;
  }
  export default function bm25(): Engine;
}

declare module 'wink-nlp-utils' {
  const nlp: {
    string: { lowerCase(s: string): string; tokenize0(s: string): string[] };
    tokens: { removeWords(t: string[]): string[]; stem(t: string[]): string[] };
  };
  export default nlp;
}
