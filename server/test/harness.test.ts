import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client } from './harness.ts';

// The tests' HTTP client against a bare server that resets connections on purpose.
let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that resets the connection of its first `resets` requests, then answers each with its body's length. */
async function resettingServer(resets: number) {
  const seen: string[] = [];
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (seen.length <= resets) {
      req.socket.resetAndDestroy();
      return;
    }
    let length = 0;
    req.on('data', (chunk: Buffer) => (length += chunk.length));
    req.on('end', () => res.setHeader('content-type', 'application/json').end(JSON.stringify({ length })));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('the test client', () => {
  it('sends a request again, body and all, when its connection is reset before any answer', async () => {
    const { url, seen } = await resettingServer(1);
    const res = await new Client(url).post('/things', { name: 'Oat milk' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ length: JSON.stringify({ name: 'Oat milk' }).length });
    expect(seen).toEqual(['POST /things', 'POST /things']);
  });

  it('sends an upload again too', async () => {
    const { url, seen } = await resettingServer(1);
    const res = await new Client(url).upload('/files', [{ name: 'a.png', data: new Uint8Array(300) }]);
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(300);
    expect(seen).toEqual(['POST /files', 'POST /files']);
  });

  it('gives up after a second reset: a server that resets every request is the answer', async () => {
    const { url, seen } = await resettingServer(Infinity);
    await expect(new Client(url).get('/things')).rejects.toThrow('fetch failed');
    expect(seen).toEqual(['GET /things', 'GET /things']);
  });

  it('does not send again when no connection could be made', async () => {
    const { url } = await resettingServer(0);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(new Client(url).get('/things')).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });
});
