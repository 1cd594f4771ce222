import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkflowClient } from '@temporalio/client';
import type { LocalPubSub } from './pubsub';
import type { Viewer } from '../modules/accounts/auth.service';
import type { SessionCookies } from '../http/cookies';
import type { Services } from '../services';
import type { UploadService } from '../modules/uploads/upload.service';

/** What every resolver receives: the caller, a request-scoped entity manager and the services. */
export interface GqlContext {
  viewer: Viewer;
  em: EntityManager;
  services: Services;
  /** Absent on WebSocket operations, which cannot set cookies. */
  cookies?: SessionCookies;
  req?: Request;
  /** Streamed uploads (uploadSession); absent on WebSocket operations. */
  uploads?: UploadService;
  /** Starting workflows (retrySession) and this process's live session updates (subscriptions). */
  processing?: { workflows: WorkflowClient; updates: LocalPubSub };
  res?: Response;
}
