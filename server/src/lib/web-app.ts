import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { sendProblem } from './errors.ts';
import { compressJson, negotiateEncoding } from './json-compression.ts';
import { allowedMethods, answeredExistingAddress } from './framework-errors.ts';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { FIRST_READS_ELEMENT_ID, parsePartnerSegment } from '@portal/domain';

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

/** The session cookie's name (app.ts). */
const SESSION_COOKIE = 'sid';

/**
 * What the web app reads before its first paint (web/src/session/session-api.ts): the signed-in user (null for a
 * visitor, as `/api/user?optional=true` answers) and the enabled feature flags (`/api/feature-flags/enabled`).
 */
export interface FirstReads {
  user: unknown;
  flags: readonly string[];
  /**
   * The page's own first reads (pageReadsAt, and the partner's configuration under a partner), answered: each answer's
   * body by the request the app will send, keyed as web/src/api/api-fetch.ts keys it (`GET /api/… `,
   * `POST /graphql {"query":…,"variables":…}`).
   */
  answers?: Record<string, unknown>;
}
/**
 * Answers the first reads for the request a page is sent to (app.ts), or null where the page goes without them;
 * `personal`: the answer names a user.
 */
export type ReadFirst = (request: FastifyRequest) => Promise<{ reads: FirstReads; personal: boolean } | null>;

/** Cache-Control of a page that names its user: kept by no cache, the browser's included (a shared computer). */
export const PERSONAL_PAGE = 'private, no-store';
/** Cache-Control of a visitor's page: the browser may keep it, revalidated (ETag) at every use. */
export const VISITOR_PAGE = 'private, no-cache';

const ASSET_FILE = /^assets\/[\w.-]+\.(js|css)$/;
const assetFiles = (files: unknown): string[] =>
  Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && ASSET_FILE.test(f)) : [];

/**
 * A route pattern as the router writes it (`activity/:tab`, `products/*`) as a test of a path without its partner
 * segment; its `:name` parts are captured, in order (routeParams).
 */
const routePattern = (pattern: string) =>
  new RegExp(
    `^/${pattern
      .split('/')
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}/?$`,
  );

/** The names of a route pattern's `:name` parts, in the order routePattern captures them. */
const routeParams = (pattern: string) =>
  pattern
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1));

/**
 * A read a signed-in page makes first (web/src/routes/page-reads.ts): a GraphQL query (`":name"` variables from its
 * path), or a GET of the REST API.
 */
type PageRead = {
  test: RegExp;
  params: string[];
  /** Answered only at the address without a query string. */
  plainAddressOnly: boolean;
} & PageReadRequest;
/** A page's first read as the app sends it: its query and variables (unless it has none), or its address. */
export type PageReadRequest = { query: string; variables?: Record<string, unknown> } | { get: string };

/** Only the REST API's own reads are asked on a page's behalf: never a page, a file or another origin. */
const isApiAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith('/api/') && !value.includes('..');

interface SignedInPreload {
  entry: string[];
  shared: string[];
  routes: { test: RegExp; files: string[] }[];
  reads: PageRead[];
}

/**
 * The build's signed-in-preload.json, parsed once per version of the file: a signed-in page asks it for its `Link`
 * header and for its reads, and a rebuild (a new file) is still seen at the next page.
 */
let preloadRead: { file: string; version: string; preload: Promise<SignedInPreload | null> } | null = null;
async function readSignedInPreload(webDist: string): Promise<SignedInPreload | null> {
  const file = path.join(webDist, 'signed-in-preload.json');
  const version = await stat(file).then(
    (s) => `${s.mtimeMs}:${s.size}`,
    () => null,
  );
  if (version === null) return null;
  if (preloadRead?.file !== file || preloadRead.version !== version)
    preloadRead = { file, version, preload: parseSignedInPreload(file) };
  return preloadRead.preload;
}

/** signed-in-preload.json (web/build-plugins/signed-in-preload.ts), or null when it cannot be read. */
async function parseSignedInPreload(file: string): Promise<SignedInPreload | null> {
  try {
    const json = JSON.parse(await readFile(file, 'utf8')) as {
      entry?: unknown;
      shared?: unknown;
      routes?: unknown;
      reads?: unknown;
    };
    const routes = Array.isArray(json.routes) ? (json.routes as { path?: unknown; files?: unknown }[]) : [];
    const reads = Array.isArray(json.reads) ? (json.reads as Partial<Record<string, unknown>>[]) : [];
    const isVariables = (v: unknown) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v));
    const isRead = (r: Partial<Record<string, unknown>>) =>
      (typeof r.query === 'string' && isVariables(r.variables)) || isApiAddress(r.get);
    return {
      entry: assetFiles(json.entry),
      shared: assetFiles(json.shared),
      routes: routes
        .filter((r) => typeof r?.path === 'string')
        .map((r) => ({ test: routePattern(r.path as string), files: assetFiles(r.files) })),
      reads: reads
        .filter((r) => typeof r?.path === 'string' && isRead(r))
        .map((r): PageRead => ({
          test: routePattern(r.path as string),
          params: routeParams(r.path as string),
          plainAddressOnly: r.plainAddressOnly === true,
          ...(isApiAddress(r.get)
            ? { get: r.get }
            : { query: r.query as string, variables: r.variables as Record<string, unknown> | undefined }),
        })),
    };
  } catch {
    return null;
  }
}

/** The path of `url` as the router sees it: with and without a partner segment in front. */
function pathCandidates(url: string): string[] {
  const pathname = url.split(/[?#]/)[0];
  const segments = pathname.split('/');
  return parsePartnerSegment(segments[1]) === null ? [pathname] : [pathname, `/${segments.slice(2).join('/')}`];
}

/** The files of the signed-in route at `url` (with or without the partner segment), or none. */
function routeFiles(preload: SignedInPreload, url: string): string[] {
  for (const candidate of pathCandidates(url)) {
    const route = preload.routes.find((r) => r.test.test(candidate));
    if (route) return route.files;
  }
  return [];
}

/**
 * The GraphQL reads the page at `url` makes first, as it will send them (its path's parts put in the variables), for
 * the server to answer in the page (first-reads.ts); none without a build naming them.
 */
export async function pageReadsAt(webDist: string, url: string): Promise<PageReadRequest[]> {
  const preload = await readSignedInPreload(webDist);
  const plainAddress = !/[?#]/.test(url);
  for (const candidate of pathCandidates(url)) {
    const found = (preload?.reads ?? []).flatMap((read): PageReadRequest[] => {
      const match = read.test.exec(candidate);
      if (!match || (read.plainAddressOnly && !plainAddress)) return [];
      let params: Record<string, string>;
      try {
        params = Object.fromEntries(read.params.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      } catch {
        return []; // a malformed escape: the page will be refused its read anyway
      }
      if ('get' in read) return [{ get: read.get }];
      if (!read.variables) return [{ query: read.query }];
      const variables = Object.fromEntries(
        Object.entries(read.variables).map(([name, value]) => [
          name,
          typeof value === 'string' && value.startsWith(':') ? (params[value.slice(1)] ?? value) : value,
        ]),
      );
      return [{ query: read.query, variables }];
    });
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The `Link` header naming what a signed-in page loads: the entry's scripts, the code every signed-in page shares, the
 * route's own page code (written by the web build's signed-in-preload plugin); or null without a build of it. Read
 * per request, as the files are. The session's first reads are not named: the page answers them (withFirstReads).
 */
async function signedInPreloadLinks(webDist: string, url: string): Promise<string | null> {
  const preload = await readSignedInPreload(webDist);
  if (!preload || preload.shared.length === 0) return null;
  // The entry's scripts first: named only by index.html's body, they would wait behind the others for one of the
  // browser's few connections, and the app (with its early reads) would start last.
  // Each as the page then asks for it, or the browser fetches it twice and warns that the credentials mode does not
  // match: module scripts and modulepreload in CORS mode; style sheets too, since the build's <link> tags (index.html
  // and the lazy pages' loader) carry `crossorigin`.
  return [...preload.entry, ...preload.shared, ...routeFiles(preload, url)]
    .map((f) => (f.endsWith('.css') ? `</${f}>; rel=preload; as=style; crossorigin` : `</${f}>; rel=modulepreload`))
    .join(', ');
}

/**
 * JSON that ends no script element and opens no comment or markup inside one: `<`, `>` and `&` as JSON escapes
 * (the same string to JSON.parse), and the two line separators some older parsers end a line at.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with the first reads answered in it: a JSON data block (`type="application/json"`, which no browser
 * runs, so the Content-Security-Policy's `script-src 'self'` holds without a nonce), read by the app before it asks
 * the server anything. Put at the end of the head, before the app's scripts.
 */
export function withFirstReads(html: string, reads: FirstReads): string {
  const block = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${jsonForScriptElement(reads)}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${block}</head>`) : block + html;
}

/**
 * The page with its first reads answered (none of them a round trip after the scripts), compressed as the client
 * accepts. A page naming its user is kept by no cache; a visitor's may be kept and is revalidated by its ETag.
 */
async function sendPageWithFirstReads(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  readFirst: ReadFirst,
) {
  const [html, answered] = await Promise.all([readFile(path.join(webDist, 'index.html'), 'utf8'), readFirst(request)]);
  if (!answered) return reply.sendFile('index.html');
  const { reads, personal } = answered;
  const page = withFirstReads(html, reads);
  const etag = `"${createHash('sha256').update(page).digest('base64url').slice(0, 27)}"`;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', personal ? PERSONAL_PAGE : VISITOR_PAGE)
    .header('vary', 'accept-encoding, cookie');
  if (!personal) {
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  }
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page);
  return reply.header('content-encoding', encoding).send(await compressJson(page, encoding));
}

/**
 * A page asked for with a session cookie is most likely a signed-in page: its shared code and the route's own are
 * named at once, so the browser fetches them beside the entry instead of after it (on Fast 3G about a second
 * earlier). A visitor without the cookie gets nothing extra; an expired cookie costs one unneeded download, later
 * cached. With `readFirst` the page carries the session's first reads; should they fail (the database out of
 * reach), the plain file is sent and the app asks for them itself.
 */
async function sendIndexHtml(request: FastifyRequest, reply: FastifyReply, webDist: string, readFirst?: ReadFirst) {
  if (request.cookies?.[SESSION_COOKIE]) {
    const links = await signedInPreloadLinks(webDist, request.url);
    if (links) reply.header('link', links);
  }
  if (readFirst) {
    try {
      return await sendPageWithFirstReads(request, reply, webDist, readFirst);
    } catch (err) {
      request.log.warn({ err }, 'page sent without its first reads');
      reply.removeHeader('etag').removeHeader('content-encoding').removeHeader('vary');
    }
  }
  return reply.sendFile('index.html');
}

/**
 * The built React app, with client-side routes falling back to index.html.
 * The build writes a brotli and a gzip copy beside each file (web/vite-plugins), served as the client accepts.
 */
export function serveWebApp(app: FastifyInstance, webDist: string, readFirst?: ReadFirst) {
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
    app.get('/', (request, reply) => sendIndexHtml(request, reply, webDist, readFirst));
  }
  const allowed = allowedMethods(app);
  app.setNotFoundHandler((request, reply) => {
    // API calls and missing build assets get a real 404; every other page is a client-side route.
    const isApi = /^\/(api|graphql|assets|static)(\/|$)/.test(request.url);
    if (request.method === 'GET' && !isApi) {
      if (hasBuild) return sendIndexHtml(request, reply, webDist, readFirst);
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    // An address that exists under other methods: 405 with Allow.
    if (answeredExistingAddress(allowed, request, reply)) return reply;
    return sendProblem(reply, 404, {
      code: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
