import { Client, type Connection, type WorkflowClient } from '@temporalio/client';
import type Stripe from 'stripe';
import type { Config } from './config/config';
import { LocalPubSub } from './graphql/pubsub';
import type { Answerer } from './engines/qa/answerer';
import { createAnswerer } from './engines/engines';
import { createStripeClient } from './adapters/stripe/stripe-client';
import type { Mailer } from './adapters/mail/mailer';
import { createSmtpMailer } from './adapters/mail/smtp-mailer';
import { storageFor } from './storage/create-storage';
import type { AudioStorage } from './storage/storage';

/**
 * What lives as long as the server: configuration, audio storage, the Temporal workflow client,
 * the Q&A answerer, the Stripe client, this process's live session updates and the mailer. Built once (server.ts); the
 * per-request services are built around it (services.ts).
 */
export interface Platform {
  config: Config;
  storage: AudioStorage;
  workflows: WorkflowClient;
  answerer: Answerer;
  /** Only with BILLING_MODE=stripe (the config then guarantees a key). */
  stripe?: Stripe;
  /** Live session updates for subscriptions, fed by this process's PostgreSQL LISTEN. */
  updates: LocalPubSub;
  /** Outgoing mail: SMTP_URL (app.ts sets it to the embedded Mailpit when none is configured). */
  mailer: Mailer;
}

export function createPlatform(config: Config, temporal: Connection): Platform {
  return {
    config,
    storage: storageFor(config),
    workflows: new Client({ connection: temporal, namespace: config.TEMPORAL_NAMESPACE }).workflow,
    answerer: createAnswerer(config),
    stripe:
      config.BILLING_MODE === 'stripe' && config.STRIPE_SECRET_KEY
        ? createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE })
        : undefined,
    updates: new LocalPubSub(),
    mailer: createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }),
  };
}
