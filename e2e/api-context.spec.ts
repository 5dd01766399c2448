import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiContext } from './support/api-context.ts';

// The specs' own API sessions never reuse a kept-alive connection, which the portal may close under a request after a
// long idle (docs/decisions/testing-and-ci.md): each request arrives on a connection of its own.
test("a spec's API session sends each request on a new connection", async () => {
  let connections = 0;
  const server = http.createServer((req, res) => res.end(req.headers.connection ?? ''));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = await apiContext(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    const said = [];
    for (let i = 0; i < 3; i++) said.push(await (await api.get('/')).text());
    expect(said).toEqual(['close', 'close', 'close']);
    expect(connections).toBe(3);
  } finally {
    await api.dispose();
    server.close();
  }
});
