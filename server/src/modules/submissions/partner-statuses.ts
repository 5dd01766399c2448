import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { partnerStatusesFor, partnerStatusLabel, type BulkEditValues, type RuleSet } from '@portal/domain';
import type { Db, Tx } from '../../db/client.ts';
import { ruleSetOf } from '../readiness/repository.ts';
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

/** The readiness rules of each partner (absent: the company has no partner configuration). */
async function ruleSetsOf(db: Tx, partnerCompanyIds: readonly number[]) {
  const sets = new Map<number, RuleSet>();
  for (const id of partnerCompanyIds) {
    const set = await ruleSetOf(db, id);
    if (set) sets.set(id, set);
  }
  return sets;
}

/**
 * Recomputes and stores the partner statuses of these submissions (in the caller's transaction; rows are locked so
 * a concurrent recompute cannot write older values over newer ones). A submission without a partner, or whose
 * partner has no configuration, has none: N/A.
 */
export async function recomputePartnerStatuses(db: Tx, ids: readonly string[]) {
  if (!ids.length) return;
  const rows = await db
    .select()
    .from(productSubmissions)
    .where(inArray(productSubmissions.id, [...ids]))
    .orderBy(asc(productSubmissions.id))
    .for('update');
  const refs = await referencesOf(
    db,
    rows.map((r) => r.id),
  );
  const partners = [...new Set(rows.map((r) => r.partnerCompanyId).filter((p): p is number => p != null))];
  const ruleSets = await ruleSetsOf(db, partners);
  for (const row of rows) {
    const statuses = partnerStatusesFor(
      valuesOf(row, refs.get(row.id)!),
      row.partnerCompanyId == null ? null : (ruleSets.get(row.partnerCompanyId) ?? null),
    );
    const label = partnerStatusLabel(statuses);
    // Only a real change is written (the activity order follows updated_at, which is not touched here).
    if (label !== row.partnerStatusLabel || JSON.stringify(statuses) !== JSON.stringify(row.partnerStatuses)) {
      await db
        .update(productSubmissions)
        .set({ partnerStatuses: statuses, partnerStatusLabel: label })
        .where(eq(productSubmissions.id, row.id));
    }
  }
}

/** Every submission sent to the partner, in batches, each batch its own transaction. Returns how many were looked at. */
export async function recomputePartnerStatusesOfPartner(db: Db, partnerCompanyId: number, batch = 500) {
  let after = '00000000-0000-0000-0000-000000000000';
  let seen = 0;
  for (;;) {
    const ids = (
      await db
        .select({ id: productSubmissions.id })
        .from(productSubmissions)
        .where(and(eq(productSubmissions.partnerCompanyId, partnerCompanyId), gt(productSubmissions.id, after)))
        .orderBy(asc(productSubmissions.id))
        .limit(batch)
    ).map((r) => r.id);
    if (!ids.length) return seen;
    await db.transaction((tx) => recomputePartnerStatuses(tx, ids));
    seen += ids.length;
    after = ids[ids.length - 1];
  }
}
