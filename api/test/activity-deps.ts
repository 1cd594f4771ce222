import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../src/config/config';
import type { Engines } from '../src/engines/engines';
import { PgNotifyPublisher } from '../src/modules/sessions/session-events';
import type { ProcessingDeps } from '../src/processing';
import { createWorkerServices } from '../src/services';
import { createStorage } from '../src/storage/create-storage';

/**
 * What the pipeline's activities get from the worker, over a test's database: the services from the one
 * composition root (a fork per activity run, as the worker does), and the engines the test gives (only
 * the ones the activities it calls use: indexing, for one, needs none).
 */
export function activityDeps(app: { orm: MikroORM; config: Config }, engines: Partial<Engines> = {}): ProcessingDeps {
  const parts = {
    config: app.config,
    engines: engines as Engines,
    publisher: new PgNotifyPublisher(() => app.orm.em.fork()),
  };
  return {
    config: app.config,
    engines: parts.engines,
    storage: createStorage(app.config),
    services: () => createWorkerServices(app.orm.em.fork(), parts),
  };
}
