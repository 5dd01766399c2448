import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

/**
 * The first port of the kernel's ephemeral range: where port 0 listens, and where every outgoing connection on the
 * machine takes its own port from.
 */
const EPHEMERAL_FROM = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768;
  }
})();
/** Above the browser tests' fixed ports (2591 to 14217 with E2E_PORT_OFFSET) and the machine's usual services. */
const CHOSEN_FROM = 20_000;

/** Binds a loopback port and lets it go: the port that was bound, or null when it was taken. */
function probe(port: number): Promise<number | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const bound = (server.address() as AddressInfo).port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A loopback port free right now (nothing listens on it after this returns): for a server whose address must be known
 * before it starts (an OIDC redirect URI), or for a port that refuses connections. It is chosen below the ephemeral
 * range: a port from that range can be taken between this probe and the server's listen by any outgoing connection on
 * the machine (a second test run's hundreds), which one below it never is.
 */
export async function freePort(): Promise<number> {
  if (EPHEMERAL_FROM - CHOSEN_FROM >= 1000) {
    for (let tries = 0; tries < 50; tries++) {
      const port = await probe(CHOSEN_FROM + Math.floor(Math.random() * (EPHEMERAL_FROM - CHOSEN_FROM)));
      if (port !== null) return port;
    }
  }
  return (await probe(0))!;
}
