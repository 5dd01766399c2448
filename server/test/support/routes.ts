import type { FastifyInstance } from 'fastify';

/** The names of a route's parameters, in order (`/a/:id/b/:fileName` -> id, fileName). */
export const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** Every REST route of the app the attack suites try, discovered from the running app (see routeList in app.ts). */
export const apiRoutes = (app: FastifyInstance) =>
  app.routeList.filter(
    (r) =>
      (r.url.startsWith('/api/') || /^\/(productSubmissions|draftSubmissions|cataloguedProducts)\//.test(r.url)) &&
      !r.url.includes('*'),
  );
