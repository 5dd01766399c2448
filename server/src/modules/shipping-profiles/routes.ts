import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../users/current-user.ts';
import {
  shippingAssignmentsSchema,
  shippingProfileInputSchema,
  shippingProfileJsonSchema,
  shippingProfileProductSchema,
} from '@portal/domain';
import { routeSchema } from '../../lib/openapi.ts';
import { assignShippingProfileProducts, updateShippingProfile, type ShippingProfileView } from './service.ts';

/** The ShippingProfile of the GraphQL schema as REST JSON. */
const profileJson = (p: ShippingProfileView) => ({ ...p, updatedDate: p.updatedDate.toISOString() });

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const tags = ['Shipping profiles'];

export async function shippingProfileRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** Replaces the profile's fields (name trimmed); 409 when the company has another profile of that name. */
  app.put(
    '/api/shippingProfile/:id',
    {
      schema: routeSchema({
        summary: 'Replace a shipping profile',
        tags,
        params: idParams,
        body: shippingProfileInputSchema,
        responses: { 200: shippingProfileJsonSchema },
        errors: [400, 401, 403, 404, 409, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return profileJson(await updateShippingProfile(ctx, user, id, request.body));
    },
  );

  /** A map of UPC to associated: ticks and unticks products for the profile in one transaction. */
  app.post(
    '/api/shippingProfile/:id/products',
    {
      schema: routeSchema({
        summary: 'Tick (true) and untick (false) products by UPC for a profile',
        tags,
        params: idParams,
        body: shippingAssignmentsSchema,
        responses: { 200: z.array(shippingProfileProductSchema).describe("Every product of the profile's company") },
        errors: [400, 401, 403, 404, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const { id } = idParams.parse(request.params);
      return assignShippingProfileProducts(ctx, user, id, request.body);
    },
  );
}
