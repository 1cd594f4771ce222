import { Client, type Connection, type WorkflowClient } from '@temporalio/client';
import type { Config } from './config/config';
import { LocalPubSub } from './graphql/pubsub';
import type { Answerer } from './engines/qa/answerer';
import { createAnswerer } from './engines/engines';
import { storageFor } from './storage/create-storage';
import type { AudioStorage } from './storage/storage';

/**
 * What lives as long as the server: configuration, audio storage, the Temporal workflow client,
 * the Q&A answerer and this process's live session updates. Built once (server.ts); the
 * per-request services are built around it (services.ts).
 */
export interface Platform {
  config: Config;
  storage: AudioStorage;
  workflows: WorkflowClient;
  answerer: Answerer;
  /** Live session updates for subscriptions, fed by this process's PostgreSQL LISTEN. */
  updates: LocalPubSub;
}

export function createPlatform(config: Config, temporal: Connection): Platform {
  return {
    config,
    storage: storageFor(config),
    workflows: new Client({ connection: temporal, namespace: config.TEMPORAL_NAMESPACE }).workflow,
    answerer: createAnswerer(config),
    updates: new LocalPubSub(),
  };
}
