import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers on every response. They do not depend on the request, so they are worked out once at start
 * (by running helmet against a recording response) and copied onto each reply; @fastify/helmet instead rebuilt
 * helmet, and parsed the whole Content-Security-Policy, on every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const recorded = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => recorded.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => recorded.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed', { cause: err });
  });
  return [...recorded];
}
