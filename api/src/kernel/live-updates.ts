import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from './errors';
import type { Viewer } from './viewer';

/** Where live updates are read from (graphql/pubsub.ts's LocalPubSub in the server). */
export interface SessionUpdateSource {
  subscribe<T>(routingKey: string): AsyncIterableIterator<T>;
}

/** Proves the caller again on the given entity manager: a subscription outlives the login it began with. */
export type Reauthenticate = (em: EntityManager) => Promise<Viewer>;

/** What a live subscription hands its resolver: an update, or the refusal that ends it. */
export type Delivery<T> = { update: T } | { refused: DomainError };

/** `first`, then the values of `source`; returning ends `source`. */
export function startWith<T>(first: T, source: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  let pending = true;
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      if (!pending) return source.next();
      pending = false;
      return { done: false, value: first };
    },
    return: async () => {
      pending = false;
      return (await source.return?.()) ?? { done: true, value: undefined };
    },
  };
  return iterator;
}

/**
 * The updates of `source`, each delivered only once `admit` has passed for it. A refusal (a revoked
 * share, a deleted session, a login that ended) is delivered once, as the subscription's last
 * value, and the source is closed. Any other failure of the check (the database restarting) drops
 * that one update — never delivered unchecked — and the next update is checked afresh.
 *
 * Hand-written rather than an async generator: graphql-ws calls return() while next() may be
 * waiting for an update that never comes, and a generator would queue that return() behind it.
 */
export function admitEach<T>(
  source: AsyncIterableIterator<T>,
  admit: (update: T) => Promise<void>,
  log: (line: string) => void = (line) => console.warn(line),
): AsyncIterableIterator<Delivery<T>> {
  let ended = false;
  const end = async (): Promise<IteratorResult<Delivery<T>>> => {
    ended = true;
    await source.return?.();
    return { done: true, value: undefined };
  };
  const iterator: AsyncIterableIterator<Delivery<T>> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      while (!ended) {
        const next = await source.next();
        if (next.done || ended) break;
        try {
          await admit(next.value);
          return { done: false, value: { update: next.value } };
        } catch (err) {
          if (err instanceof DomainError) {
            await end();
            return { done: false, value: { refused: err } };
          }
          log(`live updates: access check failed (${(err as Error).message}); update not delivered`);
        }
      }
      return end();
    },
    return: end,
  };
  return iterator;
}
