import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port free right now (nothing listens on it after this returns): for a server whose address must be known
 * before it starts (an OIDC redirect URI), or for a port that refuses connections.
 */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
