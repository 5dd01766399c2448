import {
  partnerStatusesOf,
  partnerStatusLabel,
  storedReadinessOf,
  submissionReadiness,
  type Readiness,
  type RuleSet,
  type StoredReadiness,
  type SubmissionFacts,
  rolesOfProductFiles,
  type FactField,
  type PhotoRole,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { ruleSetOf } from './repository.ts';
import { valuesOf } from './partner-statuses.ts';
import { factFilesOf, referencesOf, repeatedUpcs, withEan13s } from './queries/submissions.ts';
import { writeReadiness, type ReadinessColumns } from '../submissions/lifecycle.ts';
import { lockSubmissionsInOrder, type SubmissionRow } from '../submissions/repository.ts';
import { storedReadiness } from '../submissions/shapes.ts';

/**
 * Stored readiness: each submission judged by its partner's rules, kept on its row with the partner statuses (both
 * from the same judgement), written through the lifecycle (writeReadiness). Judged in the transaction of every change
 * that moves what the rules read (listeners.ts, on the lifecycle's readinessInputsChanged); by the recompute job
 * (jobs.ts) after a rule change, in batches.
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
  const found = await repeatedUpcs(
    db,
    [...new Set(withPartner.map((r) => r.partnerCompanyId!))],
    [...new Set(withPartner.map((r) => r.ean13Upc))],
  );
  return new Set(found.map((f) => `${f.partner}:${f.ean}`));
}

/** What the rules read of one submission's stored files, in its order: each with the roles its photo shows. */
export function filesFacts(
  files: readonly {
    fileName: string;
    kind: string;
    isMarketingImage: boolean;
    detectionStatus: string;
    detectedUpcs: string[];
    qualityIssues: unknown;
    longSidePx: number | null;
    factReadings: readonly { field: FactField }[];
    factReadingStatus: string | null;
    photoRoles: PhotoRole[] | null;
  }[],
): SubmissionFacts['files'][number][] {
  const roles = rolesOfProductFiles(files);
  return files.map((f, i) => ({
    fileName: f.fileName,
    isMarketingImage: f.isMarketingImage,
    detectionStatus: f.detectionStatus,
    detectedUpcs: f.detectedUpcs,
    qualityIssues: Array.isArray(f.qualityIssues) ? (f.qualityIssues as { code: string }[]) : [],
    longSidePx: f.longSidePx,
    factReadingStatus: f.factReadingStatus,
    photoRoles: roles[i],
    photoRolesChosen: f.photoRoles !== null,
  }));
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
  const files = await factFilesOf(db, ids);
  const refs = await referencesOf(db, ids);
  const duplicates = needsDuplicates ? await duplicatesAmong(db, rows) : new Set<string>();
  const filesBy = new Map<string, (typeof files)[number][]>();
  for (const f of files) filesBy.set(f.submissionId, [...(filesBy.get(f.submissionId) ?? []), f]);
  for (const r of rows)
    out.set(r.id, {
      upc: r.upc,
      productName: r.productName,
      shippingProfileId: r.shippingProfileId,
      files: filesFacts(filesBy.get(r.id) ?? []),
      attributes: valuesOf(r, refs.get(r.id)!),
      duplicateUpc: duplicates.has(`${r.partnerCompanyId}:${r.ean13Upc}`),
    });
  return out;
}

/** A submission whose stored readiness changed, with what it was and what it is now. */
export interface ReadinessChange {
  submission: SubmissionRow;
  before: StoredReadiness | null;
  after: StoredReadiness | null;
}

/**
 * Each row judged by its partner's rules: the supplier-facing readiness (the rules at submit; null without rules),
 * staff's (the rules after submit, for the partner statuses) and the rule set used.
 */
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
    const afterSubmit = ruleSet ? submissionReadiness(facts.get(row.id)!, ruleSet, 'after-submit') : null;
    return { row, ruleSet: ruleSet ?? null, readiness, afterSubmit };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Judges these submissions by their partners' current rules and stores their readiness and partner statuses (in the
 * caller's transaction; rows are locked in id order so that two recomputes cannot write older values over newer
 * ones, nor deadlock). Only a real change is written. Returns the rows whose readiness changed.
 */
export async function recomputeReadiness(
  db: Tx,
  ids: readonly string[],
  ruleSets?: ReadonlyMap<number, RuleSet>,
): Promise<ReadinessChange[]> {
  if (!ids.length) return [];
  const rows = await lockSubmissionsInOrder(db, ids);
  const changes: ReadinessChange[] = [];
  const updates: ReadinessColumns[] = [];
  for (const { row, ruleSet, readiness, afterSubmit } of await judgeRows(db, rows, ruleSets)) {
    const statuses = afterSubmit && ruleSet ? partnerStatusesOf(afterSubmit, ruleSet) : [];
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
  await writeReadiness(db, updates);
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
  const found = await withEan13s(db, [...new Set(keyed.map((r) => r.ean13Upc))]);
  const keys = new Set(keyed.map((r) => `${r.partnerCompanyId}:${r.ean13Upc}`));
  return found.filter((f) => !own.has(f.id) && keys.has(`${f.partner}:${f.ean}`)).map((f) => f.id);
}
