import { builder } from '../../graphql/builder.ts';
import type { productSubmissions } from '../../db/schema.ts';

export type ProductSubmissionRow = typeof productSubmissions.$inferSelect;

export const ProductSubmissionRef = builder.objectRef<ProductSubmissionRow>('ProductSubmission').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    upc: t.exposeString('upc'),
    ean13Upc: t.exposeString('ean13Upc'),
    productName: t.exposeString('productName', { nullable: true }),
    itemStatus: t.exposeString('itemStatus'),
    isImported: t.exposeBoolean('isImported'),
    detectedUpcs: t.exposeStringList('detectedUpcs'),
    updatedDate: t.field({ type: 'DateTime', resolve: (s) => s.updatedAt }),
  }),
});
