import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { jsonForScriptElement, serveWebApp, withFirstReads, type ReadFirst } from './web-app.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- & \u2028 \u2029 </SCRIPT >';
const blockOf = (html: string) => /<script type="application\/json" id="first-reads">(.*?)<\/script>/s.exec(html);

describe("the session's first reads in a page", () => {
  it('are JSON that ends no script element and opens no comment, and parse back to the same value', () => {
    const reads = { user: { firstName: HOSTILE, lastName: 'a<b>c' }, flags: ['BRAND_PROFILE'] };
    const json = jsonForScriptElement(reads);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(reads);
    const page = withFirstReads('<html><head><title>x</title></head><body></body></html>', reads);
    // Exactly one block, closed by its own end tag, before the end of the head.
    expect(page.match(/<\/script>/gi)).toHaveLength(1);
    expect(page).toMatch(/<\/script><\/head>/);
    expect(JSON.parse(blockOf(page)![1])).toEqual(reads);
  });

  it('are left out when they cannot be read (the database out of reach): the plain page, which the app completes', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    const html =
      '<!doctype html><html><head><title>Product Hub</title></head><body><div id="root"></div></body></html>';
    writeFileSync(path.join(dist, 'index.html'), html);
    const failing: ReadFirst = () => Promise.reject(new Error('connection refused'));
    const app = Fastify();
    serveWebApp(app, dist, failing);
    try {
      for (const url of ['/', '/login', '/activity/requires_action']) {
        const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(html);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    } finally {
      await app.close();
    }
  });
});
