import type { FastifyInstance } from 'fastify';

/**
 * The IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "name";q=<quota>;w=<window
 * seconds>` and `RateLimit: "name";r=<remaining>;t=<seconds to reset>`, beside `Retry-After` on a 429, in place of the
 * `x-ratelimit-*` headers @fastify/rate-limit writes. One limit applies per request (the token's, GraphQL's, sign-in's).
 */
export function registerRateLimitHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    const limit = reply.getHeader('x-ratelimit-limit');
    if (limit === undefined) return payload;
    const remaining = reply.getHeader('x-ratelimit-remaining');
    const reset = reply.getHeader('x-ratelimit-reset');
    reply.header('ratelimit-policy', `"default";q=${String(limit)};w=60`);
    reply.header('ratelimit', `"default";r=${String(remaining ?? 0)};t=${String(reset ?? 60)}`);
    reply.removeHeader('x-ratelimit-limit');
    reply.removeHeader('x-ratelimit-remaining');
    reply.removeHeader('x-ratelimit-reset');
    return payload;
  });
}
