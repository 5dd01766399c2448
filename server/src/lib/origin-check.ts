import type { FastifyInstance } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for cookie sessions: a state-changing request must come from our own
 * origin. Browsers send Origin on every non-GET fetch or form post; Sec-Fetch-Site covers the rest.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== allowed && origin !== own) throw forbidden('Cross-site request refused.');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused.');
  });
}
