import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode } from 'graphql';

/**
 * Work done per GraphQL document, counted: Apollo parsing and validating one (its documentStore
 * keeps both, keyed by the query text, so a known text is neither parsed nor validated again), and
 * our own per-document analyses (cost, input checks) computed or taken from memo. Read by tests
 * and benchmarks; never reset by the server.
 */
export const documentWork = { parsed: 0, validated: 0, analysed: 0, reused: 0 };

/** Counts Apollo's parse and validate steps; they run only for a text not in its document store. */
export function documentWorkPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async parsingDidStart() {
          documentWork.parsed++;
        },
        async validationDidStart() {
          documentWork.validated++;
        },
      };
    },
  };
}

/**
 * Results computed from a document alone, kept as long as the document object lives: Apollo's
 * documentStore hands back the same DocumentNode for the same query text, so the web app's few
 * operations are analysed once each, and a document the store drops takes its results with it.
 */
const perDocument = new WeakMap<DocumentNode, Map<string, unknown>>();

/** `compute()` once per document and key; later calls get the kept result. */
export function memoByDocument<T>(document: DocumentNode, key: string, compute: () => T): T {
  let results = perDocument.get(document);
  if (!results) perDocument.set(document, (results = new Map()));
  if (results.has(key)) {
    documentWork.reused++;
    return results.get(key) as T;
  }
  const value = compute();
  documentWork.analysed++;
  results.set(key, value);
  return value;
}
