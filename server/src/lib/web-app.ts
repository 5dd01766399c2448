import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Content-hashed build output: a changed file gets a new name, so a copy never goes stale. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Security headers that only mean something on a document (page policy, framing, downloads), dropped from scripts
 * and style sheets: a page loads some fifty of these, and they would add about 30 KB to a first load.
 * nosniff, Cross-Origin-Resource-Policy and HSTS stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** index.html and the unhashed public files: kept, but revalidated (ETag) so a release reaches users at once. */
export const REVALIDATE = 'no-cache';

/**
 * The built React app, with client-side routes falling back to index.html.
 * The build writes a brotli and a gzip copy beside each file (web/vite-plugins), served as the client accepts.
 */
export function serveWebApp(app: FastifyInstance, webDist: string) {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    const root = path.resolve(webDist);
    app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.resolve(filePath).startsWith(root + HASHED_ASSETS);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (hashed) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
      },
    });
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    // API calls and missing build assets get a real 404; every other page is a client-side route.
    const isApi = /^\/(api|graphql|assets|static)(\/|$)/.test(request.url);
    if (request.method === 'GET' && !isApi) {
      if (hasBuild) return reply.sendFile('index.html');
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
