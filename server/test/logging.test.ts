import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Client, databaseKind, startTestServer, type TestServer } from './harness.ts';

// One logger per process (issue 16): main.ts makes it, and the HTTP app writes to it rather than to one of its own.
describe(`one logger for the process (${databaseKind})`, () => {
  const lines: { msg?: string; reqId?: string; process?: string }[] = [];
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
    const ofRequest = lines.filter((l) => l.reqId === 'one-logger-check');
    expect(ofRequest.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest.every((l) => l.process === 'the-one-logger')).toBe(true);
    expect(server.app.log.level).toBe('info');
  });
});
