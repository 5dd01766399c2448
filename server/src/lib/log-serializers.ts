import type { FastifyRequest } from 'fastify';

/**
 * A URL as the log may show it: the path, and only a mark where the query string was. A query can carry what must
 * never be written down: a token sent as `?access_token=`, an OpenID Connect `code` and `state`, a signed link's
 * signature. Every parameter goes, names included (a value given without a name reads as one).
 */
export function withoutQuery(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** The request as Fastify logs it ("incoming request", a 5xx), with its URL's query string redacted. */
function req(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Serializers of the HTTP app's logger, over Fastify's own (which log `request.url` whole). */
export const requestLogSerializers = { req };
