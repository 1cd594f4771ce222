import { auditServer, type AuditResult } from 'graphql-http';
import { startTestApp, type TestApp } from '../../test/app';

describe('GraphQL over HTTP conformance (graphql-http auditServer)', () => {
  let app: TestApp;
  let results: AuditResult[];

  beforeAll(async () => {
    app = await startTestApp();
    results = await auditServer({ url: `${app.url}/graphql` });
  });
  afterAll(() => app.close());

  it('passes every MUST audit', () => {
    const failedMusts = results
      .filter((r) => r.name.startsWith('MUST') && r.status !== 'ok')
      .map((r) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);
    expect(failedMusts).toEqual([]);
  });

  it('reports the SHOULD / MAY audits it does not pass (information, not a failure)', () => {
    // Known: Apollo's CSRF prevention refuses GETs without a preflight-forcing header (the MAY
    // GET audits), and Apollo answers invalid documents with 400 rather than the SHOULD 200.
    const others = results
      .filter((r) => r.status !== 'ok')
      .map((r) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);
    const passed = results.filter((r) => r.status === 'ok').length;
    console.info(`${passed} of ${results.length} audits pass; not passed:\n${others.join('\n')}`);
    expect(results.length).toBeGreaterThan(50);
  });
});
