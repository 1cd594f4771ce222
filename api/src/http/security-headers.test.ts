import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../test/app';
import { HttpClient } from '../../test/http-client';

/** The headers every response carries, over real HTTP, on the web app and on the API alike. */
describe('security headers', () => {
  let app: TestApp;
  let dist: string;
  let client: HttpClient;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Questlog</title>');
    // One proxy in front: X-Forwarded-Proto tells whether the browser came over TLS.
    app = await startTestApp({ WEB_DIST: dist, TRUST_PROXY: '1' });
    client = new HttpClient(app.url);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const directives = (csp: string | null) =>
    Object.fromEntries(
      (csp ?? '').split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );

  it.each([
    ['the web app (/)', () => client.get('/')],
    ['a client route (/archive)', () => client.get('/archive')],
    ['GraphQL', () => client.gql('{ plans { id } }')],
    ['a REST shim', () => client.get('/api/get_campaigns/')],
  ])('%s: CSP, no framing, nosniff, referrer policy', async (_name, call) => {
    const res = await call();
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
    });
    // No inline script, no eval: the built app has none and needs none.
    expect(csp['script-src']).not.toMatch(/unsafe/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('sends HSTS only when the request came over TLS (through the trusted proxy)', async () => {
    expect((await client.get('/')).headers.get('strict-transport-security')).toBeNull();
    const tls = await client.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });
});
