import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp } from '../../test/app';
import { HttpClient } from '../../test/http-client';
import { DomainError } from '../kernel/errors';
import { errorBody } from './error-handler';

describe('errorBody', () => {
  it('passes a domain error through with its code, message and field', () => {
    expect(errorBody(new DomainError('CONFLICT', 'Email already in use by another account', 'email'))).toEqual({
      status: 409,
      body: { error: 'Email already in use by another account', code: 'CONFLICT', field: 'email' },
    });
  });

  it('never lets a middleware error message (file paths) reach the client', () => {
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, stat '/srv/web/dist/index.html'"), {
      status: 404,
      expose: true,
    });
    expect(errorBody(enoent)).toEqual({ status: 404, body: { error: 'Not Found', code: 'NOT_FOUND' } });
  });

  it('hides unexpected errors behind a generic 500', () => {
    expect(errorBody(new TypeError('x is undefined'))).toEqual({
      status: 500,
      body: { error: 'Internal server error', code: 'INTERNAL' },
    });
  });
});

describe('serving the web build', () => {
  it('answers 404 without a path when index.html disappears under a running server (mid-rebuild)', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'questlog-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Questlog</title>');
    const app = await startTestApp({ WEB_DIST: dist });
    try {
      const client = new HttpClient(app.url);
      expect((await client.get('/profile')).body).toContain('<title>Questlog</title>');
      fs.rmSync(path.join(dist, 'index.html'));
      const res = await client.get('/profile');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not Found', code: 'NOT_FOUND' });
    } finally {
      await app.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
