import type { FastifyInstance } from 'fastify';
import { v1SearchQuery, v1SearchResults } from '@portal/domain';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { parseSearchQuery, search } from './service.ts';

/** The integration API's search: what the search box finds, grouped by kind. */
export async function searchV1Routes(app: FastifyInstance) {
  const { ctx } = app;
  app.get(
    '/api/v1/search',
    {
      schema: routeSchema({
        operationId: 'search',
        summary: 'Find products, submissions, companies and submitters by name, brand or UPC',
        description:
          'Typos and missing accents are forgiven ("choclate chp cookie" finds "Organic Chocolate Chip Cookies"); a ' +
          'UPC may be given in any form (UPC-A, EAN-13, GTIN-14, without its leading zeros) or by its first digits. ' +
          "Each kind best first. A supplier finds its company's products and submissions only; staff every " +
          "company's, and companies and submitters too.",
        tags: ['Search (v1)'],
        querystring: v1SearchQuery,
        responses: { 200: v1SearchResults },
        errors: [400, 401, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      // Every field of a hit is one word: the v1 names are the service's.
      return search(ctx, user, parseSearchQuery(request.query));
    },
  );
}
