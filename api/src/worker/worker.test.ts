import { Client, ScheduleNotFoundError } from '@temporalio/client';
import { MAINTENANCE_QUEUE, PURGE_LOGINS_SCHEDULE_ID, RETIRED_SCHEDULE_IDS } from '@questlog/workflows';
import { startTestApp, type TestApp } from '../../test/app';
import { readRuntime } from '../../test/runtime-file';
import { Login } from '../kernel/entities/login.entity';
import { User } from '../kernel/entities/user.entity';
import { createWorkerServices } from '../services';
import { startWorker, type RunningWorker } from './worker';

describe('in-process Temporal worker', () => {
  let app: TestApp;
  let worker: RunningWorker;
  const namespace = 'default';
  // The worker as app.ts starts it, on the test run's Temporal server.
  const start = () =>
    startWorker({
      orm: app.orm,
      config: app.config,
      temporalAddress: readRuntime().temporalAddress,
      namespace,
      client: app.temporal,
      createServices: createWorkerServices,
    });

  beforeAll(async () => {
    app = await startTestApp();
    worker = await start();
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await app.close();
  });

  it('purges expired logins and keeps live ones', async () => {
    const em = app.orm.em.fork();
    const user = em.create(User, { email: 'gm@example.com', passwordHash: 'x', firstName: 'G', lastName: 'M' });
    em.create(Login, { tokenHash: 'expired', user, expiresAt: new Date(Date.now() - 1000) });
    em.create(Login, { tokenHash: 'live', user, expiresAt: new Date(Date.now() + 3_600_000) });
    await em.flush();

    const client = new Client({ connection: app.temporal, namespace });
    const deleted = await client.workflow.execute('purgeExpiredLogins', {
      taskQueue: MAINTENANCE_QUEUE,
      workflowId: `purge-test-${Date.now()}`,
    });

    expect(deleted).toBe(1);
    const left = await app.orm.em.fork().find(Login, {}, { fields: ['tokenHash'] });
    expect(left.map((s) => s.tokenHash)).toEqual(['live']);
  });

  it('registers the hourly purge schedule once, however often the worker starts', async () => {
    const client = new Client({ connection: app.temporal, namespace });
    const schedule = await client.schedule.getHandle(PURGE_LOGINS_SCHEDULE_ID).describe();
    expect(schedule.spec.intervals).toMatchObject([{ every: 3_600_000 }]);
    expect(schedule.action).toMatchObject({ workflowType: 'purgeExpiredLogins', taskQueue: MAINTENANCE_QUEUE });
    const second = await start();
    await second.stop();
  });

  it('deletes a schedule kept from before its workflow was renamed', async () => {
    const client = new Client({ connection: app.temporal, namespace });
    const [retired] = RETIRED_SCHEDULE_IDS;
    await client.schedule.create({
      scheduleId: retired,
      spec: { intervals: [{ every: '1h' }] },
      action: { type: 'startWorkflow', workflowType: 'purgeExpiredSessions', taskQueue: MAINTENANCE_QUEUE },
    });
    const again = await start();
    await again.stop();
    await expect(client.schedule.getHandle(retired).describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);
  });
});
