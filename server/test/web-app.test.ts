import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Product Hub</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(() => server?.close());

describe(`serving the web app (${databaseKind})`, () => {
  it('client-side routes fall back to index.html, API paths never do', async () => {
    const c = new Client(server.url);
    for (const route of ['/', '/activity/pending', '/30443/upload', '/reset-password/abc']) {
      const res = await c.get(route);
      expect(res.status, route).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    expect((await c.get('/api/unknown')).status).toBe(404);
    expect((await c.get('/graphql/x')).status).toBe(404);
  });

  it('serves built assets, a 404 for a missing one, and files added after start (a rebuild)', async () => {
    const c = new Client(server.url);
    const js = await c.get('/assets/app-1.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await c.get('/assets/app-0.js')).status).toBe(404);
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    expect((await c.get('/assets/app-2.js')).status).toBe(200);
  });

  it('sends security headers and a request id', async () => {
    const res = await new Client(server.url).get('/');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // API answers, errors and GraphQL carry them too.
    for (const api of [await new Client(server.url).get('/api/health'), await new Client(server.url).get('/api/no-such-thing'), await new Client(server.url).graphql('{ __typename }')]) {
      expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(api.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    }
  });
});
