import { builder } from '../../graphql/builder.ts';
import type { PartnerStatus } from '@portal/domain';
import type { productSubmissions } from '../../db/schema.ts';

export type ProductSubmissionRow = typeof productSubmissions.$inferSelect;

export const PartnerStatusRef = builder.objectRef<PartnerStatus>('PartnerStatus').implement({
  description: "A check of the submission against its partner's field rules; type is Pass, Info, Warn or Fail.",
  fields: (t) => ({ type: t.exposeString('type'), message: t.exposeString('message') }),
});

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
    partnerStatuses: t.field({ type: [PartnerStatusRef], resolve: (s) => s.partnerStatuses as PartnerStatus[] }),
    partnerStatusLabel: t.exposeString('partnerStatusLabel', { description: 'Incomplete, Complete or N/A.' }),
  }),
});
