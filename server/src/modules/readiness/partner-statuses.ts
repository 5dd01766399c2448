import type { BulkEditValues } from '@portal/domain';
import type { productSubmissions } from '../../db/schema.ts';

type SubmissionRow = typeof productSubmissions.$inferSelect;

/** A stored submission as the domain's bulk-edit values (the references as ids). */
export function valuesOf(
  s: SubmissionRow,
  refs: { marketAccountIds: number[]; attributeIds: number[] },
): BulkEditValues {
  return {
    productName: s.productName,
    companyName: s.brand,
    suggestedClass: s.suggestedClass as BulkEditValues['suggestedClass'],
    marketAccounts: refs.marketAccountIds.map((id) => ({ id })),
    attributes: refs.attributeIds.map((id) => ({ id })),
    height: s.height,
    width: s.width,
    depth: s.depth,
    size: s.size,
    uom: s.uom as BulkEditValues['uom'],
    fobCost: s.fobCost,
    msrp: s.msrp,
    edlp: s.edlp,
    deliveredCost: s.deliveredCost,
    wholesaleCost: s.wholesaleCost,
    freeFill: s.freeFill,
    inStoreDemo: s.inStoreDemo,
    fairShareMerchandisingSupport: s.fairShareMerchandisingSupport,
    paidAds: s.paidAds,
    offInvoice: s.offInvoice,
    tpr: s.tpr,
  };
}
