import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  partnerStatusesOf,
  partnerStatusLabel,
  storedReadinessOf,
  submissionReadiness,
  type Readiness,
  type RuleSet,
  type StoredFailingRule,
  type StoredReadiness,
  type SubmissionFacts,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import { productSubmissions, submissionFiles } from '../../db/schema.ts';
import { ruleSetOf } from '../readiness/repository.ts';
import { referencesOf, valuesOf } from './partner-statuses.ts';
import type { SubmissionRow } from './repository.ts';

/**
 * Stored readiness: each submission judged by its partner's rules, kept on its row with the partner statuses (both
 * from the same judgement). The lifecycle calls recomputeReadiness in the transaction of every change; the
 * recompute job (readiness-job.ts) after a rule change, in batches.
 */

/** The rule sets of these partners (absent: no partner configuration). */
export async function ruleSetsOf(db: Tx, partnerCompanyIds: readonly number[]) {
  const sets = new Map<number, RuleSet>();
  for (const id of new Set(partnerCompanyIds)) {
    const set = await ruleSetOf(db, id);
    if (set) sets.set(id, set);
  }
  return sets;
}

/** Of these submissions, those whose EAN-13 another submission to the same partner has too (duplicate-upc). */
async function duplicatesAmong(db: Tx, rows: readonly SubmissionRow[]): Promise<Set<string>> {
  const withPartner = rows.filter((r) => r.partnerCompanyId != null);
  if (!withPartner.length) return new Set();
  const found = await db
    .select({ partner: productSubmissions.partnerCompanyId, ean: productSubmissions.ean13Upc })
    .from(productSubmissions)
    .where(
      and(
        inArray(productSubmissions.partnerCompanyId, [...new Set(withPartner.map((r) => r.partnerCompanyId!))]),
        inArray(productSubmissions.ean13Upc, [...new Set(withPartner.map((r) => r.ean13Upc))]),
      ),
    )
    .groupBy(productSubmissions.partnerCompanyId, productSubmissions.ean13Upc)
    .having(sql`count(*) > 1`);
  return new Set(found.map((f) => `${f.partner}:${f.ean}`));
}

/** What the rules read of each submission: its files as stored (one query), its bulk-edit values, a repeated UPC. */
export async function factsOf(
  db: Tx,
  rows: readonly SubmissionRow[],
  ruleSets: ReadonlyMap<number, RuleSet>,
): Promise<Map<string, SubmissionFacts>> {
  const ids = rows.map((r) => r.id);
  const out = new Map<string, SubmissionFacts>();
  if (!ids.length) return out;
  const needsDuplicates = rows.some((r) =>
    ruleSets.get(r.partnerCompanyId ?? -1)?.rules.some((rule) => rule.kind === 'duplicate-upc'),
  );
  // One after another: in a transaction they share one connection, which runs one query at a time anyway.
  const files = await db
    .select({
      submissionId: submissionFiles.submissionId,
      fileName: submissionFiles.fileName,
      isMarketingImage: submissionFiles.isMarketingImage,
      detectionStatus: submissionFiles.detectionStatus,
      detectedUpcs: submissionFiles.detectedUpcs,
      qualityIssues: submissionFiles.qualityIssues,
      longSidePx: submissionFiles.longSidePx,
    })
    .from(submissionFiles)
    .where(inArray(submissionFiles.submissionId, ids))
    .orderBy(asc(submissionFiles.submissionId), asc(submissionFiles.position));
  const refs = await referencesOf(db, ids);
  const duplicates = needsDuplicates ? await duplicatesAmong(db, rows) : new Set<string>();
  const filesBy = new Map<string, SubmissionFacts['files'][number][]>();
  for (const f of files) {
    const list = filesBy.get(f.submissionId) ?? [];
    list.push({
      fileName: f.fileName,
      isMarketingImage: f.isMarketingImage,
      detectionStatus: f.detectionStatus,
      detectedUpcs: f.detectedUpcs,
      qualityIssues: Array.isArray(f.qualityIssues) ? (f.qualityIssues as { code: string }[]) : [],
      longSidePx: f.longSidePx,
    });
    filesBy.set(f.submissionId, list);
  }
  for (const r of rows)
    out.set(r.id, {
      upc: r.upc,
      productName: r.productName,
      shippingProfileId: r.shippingProfileId,
      files: filesBy.get(r.id) ?? [],
      attributes: valuesOf(r, refs.get(r.id)!),
      duplicateUpc: duplicates.has(`${r.partnerCompanyId}:${r.ean13Upc}`),
    });
  return out;
}

/** The readiness stored on a row, or null (no partner rules, or not judged yet). */
export function storedReadiness(row: SubmissionRow): StoredReadiness | null {
  if (row.readinessReady === null || row.readinessPercent === null) return null;
  return {
    percent: row.readinessPercent,
    ready: row.readinessReady,
    version: row.readinessVersion ?? 0,
    failing: Array.isArray(row.readinessFailing) ? (row.readinessFailing as StoredFailingRule[]) : [],
  };
}

/** The stored readiness of a row read by raw SQL (snake_case columns), or null. */
export function readinessOfColumns(r: Record<string, unknown>): StoredReadiness | null {
  if (r.readiness_ready == null || r.readiness_percent == null) return null;
  const failing: unknown =
    typeof r.readiness_failing === 'string' ? JSON.parse(r.readiness_failing) : r.readiness_failing;
  return {
    percent: Number(r.readiness_percent),
    ready: r.readiness_ready === true || r.readiness_ready === 't',
    version: Number(r.readiness_version ?? 0),
    failing: Array.isArray(failing) ? (failing as StoredFailingRule[]) : [],
  };
}

/** A submission whose stored readiness changed, with what it was and what it is now. */
export interface ReadinessChange {
  submission: SubmissionRow;
  before: StoredReadiness | null;
  after: StoredReadiness | null;
}

/** Each row judged by its partner's rules: the readiness (null without rules) and the rule set used. */
export async function judgeRows(db: Tx, rows: readonly SubmissionRow[], ruleSets?: ReadonlyMap<number, RuleSet>) {
  const sets =
    ruleSets ??
    (await ruleSetsOf(
      db,
      rows.flatMap((r) => (r.partnerCompanyId == null ? [] : [r.partnerCompanyId])),
    ));
  const facts = await factsOf(db, rows, sets);
  return rows.map((row) => {
    const ruleSet = row.partnerCompanyId == null ? undefined : sets.get(row.partnerCompanyId);
    const readiness: Readiness | null = ruleSet ? submissionReadiness(facts.get(row.id)!, ruleSet) : null;
    return { row, ruleSet: ruleSet ?? null, readiness };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Judges these submissions by their partners' current rules and stores their readiness and partner statuses (in the
 * caller's transaction; rows are locked in id order so that two recomputes cannot write older values over newer
 * ones, nor deadlock). Only a real change is written, and updated_at is not touched (the activity order is the
 * supplier's changes', not the rules'). Returns the rows whose readiness changed.
 */
export async function recomputeReadiness(
  db: Tx,
  ids: readonly string[],
  ruleSets?: ReadonlyMap<number, RuleSet>,
): Promise<ReadinessChange[]> {
  if (!ids.length) return [];
  const rows = await forUpdate(
    db,
    LOCK.submission,
    db
      .select()
      .from(productSubmissions)
      .where(inArray(productSubmissions.id, [...ids]))
      .orderBy(asc(productSubmissions.id)),
    ids,
  );
  const changes: ReadinessChange[] = [];
  const updates: Record<string, unknown>[] = [];
  for (const { row, ruleSet, readiness } of await judgeRows(db, rows, ruleSets)) {
    const statuses = readiness && ruleSet ? partnerStatusesOf(readiness, ruleSet) : [];
    const label = partnerStatusLabel(statuses);
    const before = storedReadiness(row);
    const after = readiness && storedReadinessOf(readiness);
    const readinessChanged = !same(before, after);
    if (!readinessChanged && label === row.partnerStatusLabel && same(statuses, row.partnerStatuses)) continue;
    const set = {
      partnerStatuses: statuses,
      partnerStatusLabel: label,
      readinessPercent: after?.percent ?? null,
      readinessReady: after?.ready ?? null,
      readinessVersion: after?.version ?? null,
      readinessFailing: after?.failing ?? [],
      readinessFailingCodes: after?.failing.map((f) => f.code) ?? [],
    };
    updates.push({ id: row.id, ...set });
    if (readinessChanged) changes.push({ submission: { ...row, ...set }, before, after });
  }
  // One statement for the batch (a recompute after a rule change writes thousands of rows): the new values as a
  // JSON record set joined to the rows by id.
  if (updates.length)
    await db.execute(sql`
      UPDATE product_submissions AS s SET partner_statuses = u."partnerStatuses",
        partner_status_label = u."partnerStatusLabel", readiness_percent = u."readinessPercent",
        readiness_ready = u."readinessReady", readiness_version = u."readinessVersion",
        readiness_failing = u."readinessFailing", readiness_failing_codes = u."readinessFailingCodes"
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) AS u(id uuid, "partnerStatuses" jsonb,
        "partnerStatusLabel" text, "readinessPercent" smallint, "readinessReady" boolean, "readinessVersion" integer,
        "readinessFailing" jsonb, "readinessFailingCodes" text[])
      WHERE s.id = u.id`);
  return changes;
}

/**
 * The other submissions to the same partner with the same EAN-13 as these (for the duplicate-upc rule: a submission
 * made, given another UPC or deleted changes whether they repeat a UPC).
 */
export async function othersWithSameUpc(
  db: Tx,
  rows: readonly Pick<SubmissionRow, 'id' | 'partnerCompanyId' | 'ean13Upc'>[],
): Promise<string[]> {
  const keyed = rows.filter((r) => r.partnerCompanyId != null);
  if (!keyed.length) return [];
  const own = new Set(rows.map((r) => r.id));
  const found = await db
    .select({
      id: productSubmissions.id,
      partner: productSubmissions.partnerCompanyId,
      ean: productSubmissions.ean13Upc,
    })
    .from(productSubmissions)
    .where(inArray(productSubmissions.ean13Upc, [...new Set(keyed.map((r) => r.ean13Upc))]));
  const keys = new Set(keyed.map((r) => `${r.partnerCompanyId}:${r.ean13Upc}`));
  return found.filter((f) => !own.has(f.id) && keys.has(`${f.partner}:${f.ean}`)).map((f) => f.id);
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
