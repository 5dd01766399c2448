import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { Client, databaseKind, demoClients, startTestServer, type TestServer } from './harness.ts';
import { HANG_LIMIT } from './support/wait.ts';

// One logger per process (issue 16): main.ts makes it, and the HTTP app writes to it rather than to one of its own.
describe(`one logger for the process (${databaseKind})`, () => {
  const lines: { msg?: string; reqId?: string; process?: string; path?: string }[] = [];
  let server: TestServer;
  beforeAll(async () => {
    const log = pino(
      { level: 'info', base: { process: 'the-one-logger' } },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    server = await startTestServer({}, { log });
  });
  afterAll(() => server?.close());

  it("the app's request log goes to the logger the process was given", async () => {
    const res = await new Client(server.url).request('GET', '/api/health', undefined, {
      headers: { 'x-request-id': 'one-logger-check' },
    });
    expect(res.status).toBe(200);
    const ofRequest = () => lines.filter((l) => l.reqId === 'one-logger-check');
    // "request" is written once the response has gone, so it may come after the client read it.
    await vi.waitFor(() => expect(ofRequest().length).toBeGreaterThan(0), HANG_LIMIT);
    expect(ofRequest().map((l) => l.msg)).toEqual(['request']); // one line per request
    expect(ofRequest().every((l) => l.process === 'the-one-logger')).toBe(true);
    expect(server.app.log.level).toBe('info');
  });

  it('a token sent in the query string (?access_token=) is never written to the log, whatever the route answers', async () => {
    const { supplier } = await demoClients(server);
    const { token } = await supplier.tokenClient(['read:productsubmissions']);
    const client = new Client(server.url);
    const paths = [
      '/api/health', // 200
      '/api/companies/1001/webhooks', // 401: a query-string token is not a way to sign in
      '/api/no-such-route', // 404
      '/drafts', // a page of the web app
      '/graphql?query=%7B__typename%7D', // GraphQL over GET, the token after another parameter
    ];
    const ids = paths.map((_, i) => `query-token-${i}`);
    for (const [i, path] of paths.entries()) {
      const url = `${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
      await client.request('GET', url, undefined, { headers: { 'x-request-id': ids[i] } });
    }
    // "request" is written once the response has gone, so it may come after the client read it.
    await vi.waitFor(() => {
      for (const id of ids)
        expect(
          lines.some((l) => l.reqId === id && l.msg === 'request'),
          id,
        ).toBe(true);
    }, HANG_LIMIT);
    const ofRequests = lines.filter((l) => ids.includes(l.reqId ?? ''));
    expect(JSON.stringify(ofRequests)).not.toContain(token.slice(4));
    // The request line names the path without its query string.
    expect(ofRequests.filter((l) => l.msg === 'request').map((l) => l.path)).toEqual(paths.map((p) => p.split('?')[0]));
    expect(JSON.stringify(lines)).not.toContain(token.slice(4));
  });
});
