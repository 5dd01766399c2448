import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

const crossSiteRefused = () => forbidden('Cross-site request refused.');

/**
 * For the few GETs that change something (the spec's logout): refused when the browser says the request came from
 * another site, or from a sibling subdomain (same-site), which may be another tenant's page.
 */
export function refuseOtherSites(request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw crossSiteRefused();
}

/**
 * Cross-site request protection for cookie sessions: a state-changing request must come from our own
 * origin. Browsers send Origin on every non-GET fetch or form post; Sec-Fetch-Site covers the rest.
 * A request with an API token (checked before this) carries no ambient credential, so it is not a forgery risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || request.apiToken) return;
    const origin = request.headers.origin;
    if (origin) {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== allowed && origin !== own) throw crossSiteRefused();
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSiteRefused();
  });
}
