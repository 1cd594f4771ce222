import { Client, type Connection, type WorkflowClient } from '@temporalio/client';
import type { Config } from './config/config';
import { storageFor } from './storage/create-storage';
import type { AudioStorage } from './storage/storage';

/** Long-lived clients built once per server (not per request): audio storage and Temporal workflows. */
export interface Platform {
  storage: AudioStorage;
  workflows: WorkflowClient;
}

export function createPlatform(config: Config, temporal: Connection): Platform {
  return {
    storage: storageFor(config),
    workflows: new Client({ connection: temporal, namespace: config.TEMPORAL_NAMESPACE }).workflow,
  };
}
