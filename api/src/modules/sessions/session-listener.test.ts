import { startTestApp, type TestApp } from '../../../test/app';
import { TcpRelay as Relay } from '../../../test/tcp-relay';
import { createCampaign, createSession, createUser } from '../../../test/factories';
import { eventually } from '../../../test/processing';
import { LocalPubSub } from '../../graphql/pubsub';
import { SessionUpdatesListener, sessionTopicKey } from './session-listener';
import { PgNotifyPublisher, type SessionPublisher, type SessionUpdate } from './session-events';
import { SessionStateService } from './session-state.service';
import { SessionStatus } from '../../kernel/entities/session.entity';

/*
 * PostgreSQL going away and coming back, without restarting the test run's shared cluster: the
 * listener reaches PostgreSQL through a TCP relay this test stops (every connection cut, new ones
 * refused, as during a restart) and starts again on the same port.
 */

let app: TestApp;
let relay: Relay;
let listener: SessionUpdatesListener;
const pubSub = new LocalPubSub();
const logged: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  const url = new URL(app.config.DATABASE_URL!);
  relay = new Relay(url.hostname, Number(url.port));
  await relay.up();
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  listener = new SessionUpdatesListener(url.toString(), pubSub, (line) => logged.push(line));
  await listener.start();
}, 60_000);
afterAll(async () => {
  await listener?.close();
  await relay?.down();
  await app?.close();
});

/** Collects what the pubsub delivers on a topic until `stop` is called. */
function received(topic: string) {
  const values: SessionUpdate[] = [];
  const iterator = pubSub.subscribe<SessionUpdate>(topic);
  void (async () => {
    for await (const value of iterator) values.push(value);
  })();
  return { values, stop: () => iterator.return?.() };
}

test('PostgreSQL gone and back: the listener reconnects with backoff, republishes what changed meanwhile, and carries new updates', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner);
  const sessionId = (await createSession(app, campaignId, { status: SessionStatus.PROCESSING })).id;
  const { values, stop } = received(sessionTopicKey({ sessionId }));
  const publisher = new PgNotifyPublisher(() => app.orm.em.fork());
  const state = new SessionStateService(app.orm.em.fork(), publisher);

  await state.save(sessionId, { stage: 'transcribe', progress: 0.3 });
  await eventually(async () => {
    if (!values.some((v) => v.progress === 0.3)) throw new Error('not delivered yet');
  }, 10_000);

  await relay.down();
  await eventually(async () => {
    if (!logged.some((l) => l.includes('reconnect failed'))) throw new Error('no failed reconnect yet');
  }, 10_000);
  // Finished while the listener is cut off: this NOTIFY reaches nobody.
  await state.save(sessionId, { status: SessionStatus.READY, stage: 'finish', progress: 1 });
  expect(values.some((v) => v.status === SessionStatus.READY)).toBe(false);

  await relay.up();
  const ready = await eventually(async () => {
    const found = values.find((v) => v.status === SessionStatus.READY);
    if (!found) throw new Error('READY not republished yet');
    return found;
  }, 30_000);
  expect(ready).toEqual({ sessionId, campaignId, status: SessionStatus.READY, stage: 'finish', progress: 1 });
  expect(logged.some((l) => l.includes('LISTEN connection lost'))).toBe(true);

  // And live updates flow again over the new connection.
  await publisher.publish({ ...ready, progress: 0.99 });
  await eventually(async () => {
    if (!values.some((v) => v.progress === 0.99)) throw new Error('not delivered yet');
  }, 10_000);
  await stop();
}, 90_000);

test('an update is heard when its transaction commits: whoever reads the session on hearing it reads what it heard', async () => {
  const owner = await createUser(app);
  const campaignId = await createCampaign(owner);
  const sessionId = (await createSession(app, campaignId, { status: SessionStatus.READY })).id;
  // What a page does on each update: reads the session again (here its stage, beside the update's).
  const heard: string[] = [];
  const iterator = pubSub.subscribe<SessionUpdate>(sessionTopicKey({ sessionId }));
  void (async () => {
    for await (const update of iterator) {
      const [row] = await app.orm.em
        .fork()
        .getConnection()
        .execute<Array<{ stage: string | null }>>('select stage from sessions where id = ?', [sessionId]);
      heard.push(`${update.stage} read ${row.stage}`);
    }
  })();
  // A writer slow to commit after publishing, as on a busy machine.
  const notify = new PgNotifyPublisher(() => app.orm.em.fork());
  const slow: SessionPublisher = {
    async publish(update, tx) {
      await notify.publish(update, tx);
      await new Promise((resolve) => setTimeout(resolve, 500));
    },
  };
  await new SessionStateService(app.orm.em.fork(), slow).save(sessionId, { stage: 'summarize' });
  await new SessionStateService(app.orm.em.fork(), slow).save(sessionId, { stage: null });
  await eventually(async () => {
    if (heard.length < 2) throw new Error('not heard yet');
  }, 10_000);
  expect(heard).toEqual(['summarize read summarize', 'null read null']);
  await iterator.return?.();
});
