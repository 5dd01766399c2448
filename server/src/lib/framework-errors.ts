import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@portal/domain';
import { PROBLEM_CONTENT_TYPE, problemDetails, sendProblem, type ErrorBody } from './errors.ts';

/**
 * The answers Node and Fastify give before any route or hook of ours runs (a malformed address, a path parameter
 * past the router's limit, a request that cannot be parsed, an unknown method on a known address): in the same
 * problem details, with our codes, as every other error.
 */

/**
 * Node refuses a request whose head passes its 16 KB limit: when its request line alone is longer than this, the
 * address is what is too long (414), otherwise the headers (431).
 */
export const MAX_URL_LENGTH = 8192;

export const URI_TOO_LONG_MESSAGE = 'The address is too long.';
export const BAD_URL_MESSAGE = 'The address is not valid: it holds a malformed %-escape.';
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read as HTTP.';
export const HEADERS_TOO_LARGE_MESSAGE = 'The request headers are too large.';
export const REQUEST_TIMEOUT_MESSAGE = 'The request did not arrive in time.';

/** Fastify's `frameworkErrors` option: the router's refusals, before any hook. */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendProblem(reply, 414, { code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE });
  } else if (err.code === 'FST_ERR_BAD_URL') {
    void sendProblem(reply, 400, { code: 'BAD_REQUEST', message: BAD_URL_MESSAGE });
  } else {
    request.log.error({ err }, 'request failed');
    void sendProblem(reply, 500, { code: 'INTERNAL', message: `${MSG.serverError} (ref ${request.id})` });
  }
}

/** The first line of what arrived ("GET /path HTTP/1.1"), or all of it when no line end came. */
function requestLineLength(raw: unknown): number {
  if (!Buffer.isBuffer(raw)) return 0;
  const end = raw.indexOf('\r\n');
  return end === -1 ? raw.length : end;
}

/**
 * Fastify's `clientErrorHandler`: Node could not read a request (its headers past the 16 KB limit, its request line
 * malformed) or it did not arrive within REQUEST_TIMEOUT_SECONDS. There is no request to answer through Fastify: the
 * answer is written on the socket, which is then closed, as Fastify's own handler does.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Socket,
) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { code: 'REQUEST_TIMEOUT', message: REQUEST_TIMEOUT_MESSAGE }]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? requestLineLength(err.rawPacket) > MAX_URL_LENGTH
          ? [414, { code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE }]
          : [431, { code: 'HEADERS_TOO_LARGE', message: HEADERS_TOO_LARGE_MESSAGE }]
        : [400, { code: 'BAD_REQUEST', message: UNREADABLE_REQUEST_MESSAGE }];
  this.log.debug({ err: { message: err.message, code: err.code } }, 'unreadable request');
  if (socket.writable) {
    const json = JSON.stringify(problemDetails(status, body));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}

/** A route pattern (`/api/x/:id`) as a test of a concrete path; wildcard routes (the web app's files) match nothing. */
function patternTest(pattern: string): RegExp | null {
  if (pattern.includes('*')) return null;
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods the app answers at `path` (HEAD with GET), for a 405's `Allow`; empty when no route has this address.
 * Only asked on the not-found path: routes are compiled at the first miss.
 */
export function allowedMethods(app: FastifyInstance): (path: string) => string[] {
  let compiled: { method: string; test: RegExp }[] | null = null;
  return (path) => {
    compiled ??= app.routeList.flatMap(({ method, url }) => {
      const test = patternTest(url);
      return test ? [{ method, test }] : [];
    });
    const methods = new Set(compiled.filter((r) => r.test.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/**
 * 405 with `Allow` when the address exists under other methods (414 when under this one); false when it does not exist
 * at all.
 */
export function answeredExistingAddress(
  allowed: (path: string) => string[],
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const path = request.url.split('?')[0];
  const methods = allowed(path);
  if (methods.length === 0) return false;
  // A route of this very method has this address, yet the router found none: a parameter past its length limit,
  // passed on to a wildcard (the web app's static files) whose miss lands here instead of the router's own 414.
  if (methods.includes(request.method)) {
    void sendProblem(reply, 414, { code: 'URI_TOO_LONG', message: URI_TOO_LONG_MESSAGE });
    return true;
  }
  reply.header('allow', methods.join(', '));
  void sendProblem(reply, 405, {
    code: 'METHOD_NOT_ALLOWED',
    message: `${request.method} is not allowed on ${path}: use ${methods.join(', ')}.`,
  });
  return true;
}
