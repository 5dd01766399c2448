import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  partnerConfigurations,
  productSubmissions,
  submissionAttributes,
  submissionFiles,
  submissionMarketAccounts,
} from '../../../db/schema.ts';
import { readFieldsOf } from './read-fields.ts';

/** What readiness reads of the submissions (store.ts judges them; the lifecycle writes them). */

/** The (partner, EAN-13) pairs among these that more than one submission has (the duplicate-upc rule). */
export async function repeatedUpcs(db: Tx, partnerCompanyIds: number[], ean13Upcs: string[]) {
  return db
    .select({ partner: productSubmissions.partnerCompanyId, ean: productSubmissions.ean13Upc })
    .from(productSubmissions)
    .where(
      and(
        inArray(productSubmissions.partnerCompanyId, partnerCompanyIds),
        inArray(productSubmissions.ean13Upc, ean13Upcs),
      ),
    )
    .groupBy(productSubmissions.partnerCompanyId, productSubmissions.ean13Upc)
    .having(sql`count(*) > 1`);
}

/** The files of these submissions as the rules read them, by submission and position. */
export function factFilesOf(db: Tx, ids: string[]) {
  return db
    .select({
      submissionId: submissionFiles.submissionId,
      fileName: submissionFiles.fileName,
      isMarketingImage: submissionFiles.isMarketingImage,
      detectionStatus: submissionFiles.detectionStatus,
      detectedUpcs: submissionFiles.detectedUpcs,
      qualityIssues: submissionFiles.qualityIssues,
      longSidePx: submissionFiles.longSidePx,
      kind: submissionFiles.kind,
      factReadings: readFieldsOf(submissionFiles.factReadings),
      factReadingStatus: submissionFiles.factReadingStatus,
      photoRoles: submissionFiles.photoRoles,
    })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, ids))
    .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.position));
}

/** Every submission with one of these EAN-13s: its id, partner and EAN-13. */
export function withEan13s(db: Tx, ean13Upcs: string[]) {
  return db
    .select({
      id: productSubmissions.id,
      partner: productSubmissions.partnerCompanyId,
      ean: productSubmissions.ean13Upc,
    })
    .from(productSubmissions)
    .where(inArray(productSubmissions.ean13Upc, ean13Upcs));
}

/** A batch of a partner's submissions after an id, whole rows (the dry run judges them), by the primary key. */
export function partnerSubmissionsAfter(db: Tx, partnerCompanyId: number, afterId: string, size: number) {
  return db
    .select()
    .from(productSubmissions)
    .where(and(eq(productSubmissions.partnerCompanyId, partnerCompanyId), gt(productSubmissions.id, afterId)))
    .orderBy(asc(productSubmissions.id))
    .limit(size);
}

/** The partners (with a configuration) that have submissions never judged (N/A or no readiness). */
export function partnersWithUnjudged(db: Tx) {
  return db
    .selectDistinct({ partnerCompanyId: productSubmissions.partnerCompanyId })
    .from(productSubmissions)
    .innerJoin(partnerConfigurations, eq(partnerConfigurations.companyId, productSubmissions.partnerCompanyId))
    .where(
      and(
        isNotNull(productSubmissions.partnerCompanyId),
        or(eq(productSubmissions.partnerStatusLabel, 'N/A'), isNull(productSubmissions.readinessReady)),
      ),
    );
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

/** The next batch of a partner's submissions after an id (keyset, by the primary key). */
export async function nextBatchOfPartner(db: Tx, partnerCompanyId: number, afterId: string, size: number) {
  return (
    await db
      .select({ id: productSubmissions.id })
      .from(productSubmissions)
      .where(and(eq(productSubmissions.partnerCompanyId, partnerCompanyId), gt(productSubmissions.id, afterId)))
      .orderBy(asc(productSubmissions.id))
      .limit(size)
  ).map((r) => r.id);
}

/** How many submissions were sent to the partner (the recompute's total). */
export async function countOfPartner(db: Tx, partnerCompanyId: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productSubmissions)
    .where(eq(productSubmissions.partnerCompanyId, partnerCompanyId));
  return n;
}

export const FIRST_ID = '00000000-0000-0000-0000-000000000000';
