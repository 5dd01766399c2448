import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { reviewItemComparison } from '@portal/domain';
import { authorize } from '../../lib/authorize.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { itemComparison } from './compare.ts';
import { reviewPolicy } from './policy.ts';

const itemParams = z.object({ id: z.uuid() });

/** Deciding with the context (compare.ts): staff with review rights only (policy.ts). */
export async function reviewCompareRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get(
    '/api/review/items/:id/compare',
    {
      schema: routeSchema({
        summary: 'An item beside the catalogued product of its UPC and, resubmitted, beside the version rejected',
        description:
          "`values` are the proposal's fields as the review page shows them. `catalogued`: the certified values of " +
          "the product catalogued under the item's EAN-13 beside the proposal's, each pair marked when they differ, " +
          'and its current images; null when none is catalogued. `previous`: for an item resubmitted after a ' +
          'rejection, that rejection (who, when, why, its comments) and what changed since in fields and files; ' +
          'null when it was never resubmitted (fields and files are empty for a rejection older than this feature).',
        tags: ['Review workspace'],
        params: itemParams,
        responses: { 200: reviewItemComparison },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      authorize(reviewPolicy.workspace(user));
      const { id } = itemParams.parse(request.params);
      return itemComparison(ctx, user, id);
    },
  );
}
