import http from 'node:http';

/** One request, its answer read to the end. */
export type Requester = () => Promise<{ ok: boolean }>;

/** A small closed-loop load generator on loopback: `clients` concurrent loops for `seconds`, bounded in time. */
export async function load(request: Requester, { clients = 32, seconds = 5 } = {}) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        try {
          if (!(await request()).ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    median: at(0.5),
    p99: at(0.99),
    errors,
    latencies,
  };
}

interface JsonPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The client a Node program or test would use: fetch (undici). About 0.7-0.9 ms of CPU per request here. */
export function fetchClient({ url, headers, body }: JsonPost): Requester {
  return async () => {
    const res = await fetch(url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res;
  };
}

/**
 * A lean client: node:http with kept-alive connections, several times cheaper than fetch. Since the load runs on
 * the same cores as the servers, the client's own cost is part of both figures; this one hides less of the
 * servers' cost.
 */
export function leanClient({ url, headers, body }: JsonPost, clients = 32): Requester {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(url);
  const options = {
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    agent,
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
  };
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(options, (res) => {
        res.resume();
        res.on('end', () => resolve({ ok: (res.statusCode ?? 500) < 400 }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
}
