import type { FastifyInstance } from 'fastify';
import { v1CatalogueListQuery, v1CataloguePage } from '@portal/domain';
import { badRequest, zodFields } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/openapi.ts';
import { requireUser } from '../users/current-user.ts';
import { catalogueKeysetPage } from './service.ts';

/** The integration API's catalogue: the catalogued products the caller may see, by EAN-13, a page at a time. */
export async function catalogueV1Routes(app: FastifyInstance) {
  const { ctx } = app;
  app.get(
    '/api/v1/catalogue/products',
    {
      schema: routeSchema({
        operationId: 'listCataloguedProducts',
        summary: 'List catalogued products by EAN-13, a page at a time',
        description:
          'A supplier sees the products its company submitted (delisted ones aside); staff see every one. Follow ' +
          '`next_cursor` until it is null.',
        tags: ['Catalogue (v1)'],
        querystring: v1CatalogueListQuery,
        responses: { 200: v1CataloguePage },
        errors: [400, 401, 429],
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const parsed = v1CatalogueListQuery.safeParse(request.query);
      if (!parsed.success) {
        const fields = zodFields(parsed.error);
        throw badRequest(Object.values(fields)[0], fields);
      }
      const page = await catalogueKeysetPage(ctx, user, parsed.data);
      return {
        items: page.items.map((p) => ({
          ean13_upc: p.ean13Upc,
          brand: p.brand,
          description: p.description,
          department: p.department,
          category: p.category,
          subcategory: p.subcategory,
          item_size: p.itemSize,
          units_of_measure: p.unitsOfMeasure,
          pack_count: p.packCount,
          is_delisted: p.isDelisted,
          image_urls: p.imageUrls,
          facts: p.facts,
          updated_at: p.updatedAt.toISOString(),
        })),
        next_cursor: page.next_cursor,
      };
    },
  );
}
