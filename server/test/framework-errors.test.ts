/**
 * What Node and Fastify answer before our routes run (the router's limits, unreadable requests, unknown methods and
 * addresses, body parsing) is problem details with our codes, like every other error (lib/framework-errors.ts).
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_URL_MESSAGE,
  HEADERS_TOO_LARGE_MESSAGE,
  MAX_URL_LENGTH,
  REQUEST_TIMEOUT_MESSAGE,
  UNREADABLE_REQUEST_MESSAGE,
  URI_TOO_LONG_MESSAGE,
} from '../src/lib/framework-errors.ts';
import { UNSUPPORTED_MEDIA_TYPE_MESSAGE } from '../src/lib/errors.ts';
import { Client, send, startTestServer, type TestServer } from './harness.ts';

const PROBLEM = 'application/problem+json; charset=utf-8';

let server: TestServer;
let supplier: Client;
let cookie: string;
beforeAll(async () => {
  // A short request timeout, so that a request that never finishes is answered within the test.
  server = await startTestServer({ REQUEST_TIMEOUT_SECONDS: '2' });
  supplier = new Client(server.url);
  await supplier.login('supplier@example.com', 'Supplier-demo-1');
  cookie = [...supplier.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
});
afterAll(() => server?.close());

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toBe(PROBLEM);
  return (await res.json()) as { code: string; message: string; status: number; type: string };
}

/** Writes `text` on a fresh connection and resolves with everything the server sent before it closed. */
function rawExchange(text: string): Promise<{ status: number; headers: string; body: Record<string, unknown> }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => {}); // the server closes the connection after its answer, maybe mid-write
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const split = answer.indexOf('\r\n\r\n');
      if (split === -1) return reject(new Error(`no answer: ${JSON.stringify(answer)}`));
      const headers = answer.slice(0, split);
      resolve({
        status: Number(headers.split(' ')[1]),
        headers: headers.toLowerCase(),
        body: JSON.parse(answer.slice(split + 4)) as Record<string, unknown>,
      });
    });
  });
}

describe('framework errors', () => {
  it('414 URI_TOO_LONG for a path parameter past the router limit and for an address past the header limit', async () => {
    const param = await send(`${server.url}/api/v1/submissions/${'a'.repeat(200)}`);
    expect(param.status).toBe(414);
    expect(await problemOf(param)).toMatchObject({
      code: 'URI_TOO_LONG',
      message: URI_TOO_LONG_MESSAGE,
      status: 414,
      type: 'urn:producthub:problem:uri-too-long',
    });

    const line = await rawExchange(`GET /api/${'a'.repeat(2 * MAX_URL_LENGTH)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(line.status).toBe(414);
    expect(line.headers).toContain(`content-type: ${PROBLEM}`);
    expect(line.body).toMatchObject({ code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE, status: 414 });
  });

  it('431 HEADERS_TOO_LARGE, 400 for a request Node cannot read, 408 REQUEST_TIMEOUT for one that never finishes', async () => {
    const big = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(big.headers).toContain(`content-type: ${PROBLEM}`);
    expect(big.body).toMatchObject({ code: 'HEADERS_TOO_LARGE', message: HEADERS_TOO_LARGE_MESSAGE });

    const garbage = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ code: 'BAD_REQUEST', message: UNREADABLE_REQUEST_MESSAGE });

    // Headers, then a body that never comes: answered when REQUEST_TIMEOUT_SECONDS pass.
    const unfinished = await rawExchange(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`,
    );
    expect(unfinished.status).toBe(408);
    expect(unfinished.body).toMatchObject({ code: 'REQUEST_TIMEOUT', message: REQUEST_TIMEOUT_MESSAGE });
  });

  it('400 BAD_REQUEST for a malformed %-escape in the address', async () => {
    const res = await send(`${server.url}/api/v1/submissions/%zz`);
    expect(res.status).toBe(400);
    expect(await problemOf(res)).toMatchObject({ code: 'BAD_REQUEST', message: BAD_URL_MESSAGE });
  });

  it('404 NOT_FOUND for an unknown /api address, 405 METHOD_NOT_ALLOWED with Allow for a known one', async () => {
    const unknown = await send(`${server.url}/api/no-such-thing`, { headers: { cookie } });
    expect(unknown.status).toBe(404);
    expect((await problemOf(unknown)).code).toBe('NOT_FOUND');

    const wrongMethod = await send(`${server.url}/api/health`, { method: 'DELETE', headers: { origin: server.url } });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD');
    expect(await problemOf(wrongMethod)).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });

    // A parameterised address too.
    const withParam = await send(`${server.url}/api/v1/submissions/123`, {
      method: 'PUT',
      headers: { origin: server.url, cookie },
    });
    expect(withParam.status).toBe(405);
    expect(withParam.headers.get('allow')?.split(', ')).toContain('GET');
    expect((await problemOf(withParam)).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('400 for a malformed or empty JSON body, 413 for one past the limit, 415 for another type: our codes', async () => {
    const send = (body: string, type = 'application/json') =>
      fetch(`${server.url}/api/companies/1001/webhooks`, {
        method: 'POST',
        headers: { 'content-type': type, origin: server.url, cookie },
        body,
      });
    for (const body of ['{"url": ', '']) {
      const res = await send(body);
      expect(res.status).toBe(400);
      const problem = await problemOf(res);
      expect(problem.code).toBe('BAD_REQUEST');
      expect(problem.message).toBeTruthy();
    }
    const large = await send(JSON.stringify({ url: 'x'.repeat(2 * 1024 * 1024) }));
    expect(large.status).toBe(413);
    expect((await problemOf(large)).code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await send('<webhook/>', 'application/xml');
    expect(xml.status).toBe(415);
    expect(await problemOf(xml)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: UNSUPPORTED_MEDIA_TYPE_MESSAGE,
    });
  });
});
