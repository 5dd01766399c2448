import type { FastifyServerOptions } from 'fastify';

/** Node looks for expired requests on a timer; 30 s (its default) would let a short timeout run long. */
const MAX_CHECK_INTERVAL_MS = 30_000;
const NODE_HEADERS_TIMEOUT_MS = 60_000;

/**
 * A slow client (a body trickling in a few bytes a second) must not hold a connection and an upload's temporary file
 * for ever: the whole request must arrive within requestMs (Node answers 408 and closes the connection), and a
 * connection silent for idleMs is closed.
 */
export function connectionTimeouts(t: { requestMs: number; idleMs: number }): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'connectionTimeout'
> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    http: {
      requestTimeout: t.requestMs,
      // Node requires headers to be due no later than the whole request.
      headersTimeout: Math.min(NODE_HEADERS_TIMEOUT_MS, t.requestMs),
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.max(250, Math.floor(t.requestMs / 4))),
    },
  };
}
