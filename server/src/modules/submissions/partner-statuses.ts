import { asc, inArray } from 'drizzle-orm';
import type { BulkEditValues } from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { productSubmissions, submissionAttributes, submissionMarketAccounts } from '../../db/schema.ts';

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

/** Market account and attribute ids of each submission. */
export async function referencesOf(db: Tx, ids: readonly string[]) {
  const out = new Map<string, { marketAccountIds: number[]; attributeIds: number[] }>(
    ids.map((id) => [id, { marketAccountIds: [], attributeIds: [] }]),
  );
  if (!ids.length) return out;
  const [markets, attrs] = await Promise.all([
    db
      .select()
      .from(submissionMarketAccounts)
      .where(inArray(submissionMarketAccounts.submissionId, [...ids]))
      .orderBy(asc(submissionMarketAccounts.marketAccountId)),
    db
      .select()
      .from(submissionAttributes)
      .where(inArray(submissionAttributes.submissionId, [...ids]))
      .orderBy(asc(submissionAttributes.attributeId)),
  ]);
  for (const m of markets) out.get(m.submissionId)?.marketAccountIds.push(m.marketAccountId);
  for (const a of attrs) out.get(a.submissionId)?.attributeIds.push(a.attributeId);
  return out;
}
