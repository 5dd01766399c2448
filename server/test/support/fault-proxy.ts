import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy on loopback in front of a real dependency (PostgreSQL, the S3-compatible store) that can fail the way
 * networks and servers do: cut every open connection at once (a restart, pg_terminate_backend), refuse new ones (the
 * server is down), or swallow everything (packets dropped: a black hole, where only timeouts help).
 */
export interface FaultProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  via(url: string): string;
  /** Closes every connection open now, both ways. */
  cut(): void;
  /** New connections are closed at once until restore(). */
  refuse(): void;
  /** New and open connections are held open but nothing passes either way, until restore(). */
  blackHole(): void;
  restore(): void;
  /**
   * Once: the first connection whose client sends a message for which `when(sentSinceArmed, message)` holds (the
   * protocol's bytes as latin1 text: SQL is readable in them) is cut the moment the server starts to answer that
   * message, its answer never delivered. The server has done the statement (a COMMIT has committed); the client
   * only learns that its connection was lost. Resolves when the cut happened.
   */
  cutOnAnswer(when: (sentSinceArmed: string, message: string) => boolean): Promise<void>;
  /** Once, the same way: the matching message is never delivered, its connection cut as it is sent. */
  cutOnSend(when: (sentSinceArmed: string, message: string) => boolean): Promise<void>;
  /** Connections the proxy has accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

type Mode = 'pass' | 'refuse' | 'black-hole';

export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: Mode = 'pass';
  let count = 0;
  type Pair = { client: net.Socket; upstream: net.Socket | null; sent: string; cutNext: boolean };
  const pairs = new Set<Pair>();
  let armed: { when: (sent: string, message: string) => boolean; done: () => void; onSend: boolean } | null = null;

  const server = net.createServer((client) => {
    count++;
    if (mode === 'refuse') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: null, sent: '', cutNext: false };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      pair.upstream?.destroy();
    };
    client.on('error', drop);
    client.on('close', drop);
    // In a black hole, the client's bytes are read and thrown away; the upstream is never opened.
    if (mode === 'black-hole') {
      client.on('data', () => {});
      return;
    }
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', drop);
    upstream.on('close', drop);
    client.on('data', (chunk: Buffer) => {
      if (armed) {
        const message = chunk.toString('latin1');
        pair.sent += message;
        if (armed.when(pair.sent, message)) {
          if (armed.onSend) {
            const { done } = armed;
            armed = null;
            drop();
            done();
            return;
          }
          pair.cutNext = true;
        }
      }
      if (mode !== 'black-hole') upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (pair.cutNext && armed) {
        const { done } = armed;
        armed = null;
        drop();
        done();
        return;
      }
      if (mode !== 'black-hole') client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const cut = () => {
    for (const { client, upstream } of [...pairs]) {
      client.destroy();
      upstream?.destroy();
    }
    pairs.clear();
  };

  const arm = (when: (sent: string, message: string) => boolean, onSend: boolean) => {
    for (const pair of pairs) pair.sent = '';
    return new Promise<void>((resolve) => {
      armed = { when, done: resolve, onSend };
    });
  };

  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.href;
    },
    cut,
    refuse() {
      mode = 'refuse';
    },
    blackHole() {
      mode = 'black-hole';
    },
    restore() {
      mode = 'pass';
    },
    cutOnAnswer: (when) => arm(when, false),
    cutOnSend: (when) => arm(when, true),
    accepted: () => count,
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
