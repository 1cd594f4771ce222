import { HttpClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/app';

describe('GET /healthz', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('is 200 when PostgreSQL and Temporal both answer', async () => {
    const res = await new HttpClient(app.url).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: { ok: true }, temporal: { ok: true } });
  });

  it('is 503 naming the database when PostgreSQL is gone', async () => {
    const other = await startTestApp();
    await other.orm.close();
    const res = await new HttpClient(other.url).get('/healthz');
    await other.server.close();
    await other.temporal.close();
    expect(res.status).toBe(503);
    expect(res.body.database.ok).toBe(false);
    expect(res.body.temporal.ok).toBe(true);
  });
});
