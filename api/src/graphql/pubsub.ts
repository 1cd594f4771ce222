import { EventEmitter, on } from 'node:events';
import type { PubSub } from 'type-graphql';

/**
 * In-process fan-out for subscriptions: type-graphql's PubSub over an EventEmitter. Cross-process
 * delivery is not its job: each api process feeds its own from PostgreSQL LISTEN.
 */
export class LocalPubSub implements PubSub {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(routingKey: string, payload: unknown): void {
    this.emitter.emit(routingKey, payload);
  }

  /** Values published on `routingKey` until the consumer stops iterating (graphql-ws calls return()). */
  subscribe<T = unknown>(routingKey: string): AsyncIterableIterator<T> {
    const events = on(this.emitter, routingKey);
    const iterator: AsyncIterableIterator<T> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        const result = await events.next();
        return result.done ? { done: true, value: undefined } : { done: false, value: result.value[0] as T };
      },
      return: async () => {
        await events.return?.();
        return { done: true, value: undefined };
      },
    };
    return iterator;
  }
}
