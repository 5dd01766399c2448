import {
  bulkEditColumns,
  bulkEditRowSchema,
  partnerStatusLabel,
  visibleBulkEditSteps,
  type BulkEditField,
  type BulkEditRow,
  type FieldRules,
  type PartnerStatus,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { changedFields } from '../audit/summary.ts';
import { likeContains } from '../partners/repository.ts';
import { updateDetails } from '../submissions/lifecycle.ts';
import { lockSubmissionsInOrder } from '../submissions/repository.ts';
import type { UserRow } from '../users/repository.ts';
import { valuesOf } from '../readiness/partner-statuses.ts';
import { referencesOf } from '../readiness/queries/submissions.ts';
import { bulkEditPolicy } from './policy.ts';
import {
  attributesByIds,
  attributesByName,
  companyNamesLike,
  existingIds,
  fieldRulesOf,
  marketAccountsByIds,
  marketAccountsLike,
  submissionsByIds,
  type BulkEditSubmissionRow,
} from './repository.ts';

/** At most this many rows are read or saved in one call. */
export const MAX_BULK_ROWS = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MarketAccountView {
  id: number;
  name: string;
  marketId: number;
}
export interface AttributeView {
  id: number;
  name: string;
}

export interface BulkEditRowView extends Omit<BulkEditRow, 'marketAccounts' | 'attributes'> {
  upc: string;
  ean13Upc: string;
  itemStatus: string;
  partnerCompanyId: number | null;
  marketAccounts: MarketAccountView[];
  attributes: AttributeView[];
  partnerStatuses: PartnerStatus[];
  partnerStatusLabel: string;
  canEdit: boolean;
  /** The fields whose value the supplier's sheet gave at Submit and no one has edited since. */
  fromSheet: BulkEditField[];
}

/** A submission's column as the bulk edit names its field: the brand column is the row's companyName. */
const fieldOfColumn = (column: string) => (column === 'brand' ? 'companyName' : column) as BulkEditField;

const editable = (user: UserRow, s: { userId: number; companyId: number }) => bulkEditPolicy.editRow(user, s);

const notFoundRows = (ids: readonly string[]) =>
  new HttpError(404, 'NOT_FOUND', 'Submission not found.', {
    fields: Object.fromEntries(ids.map((id) => [`${id}.id`, 'Submission not found.'])),
  });

/**
 * The bulk-edit rows of these submissions, in the order asked. Any id the user may not see (another company's, or
 * unknown) answers "not found", as every submission call does.
 */
export async function getRows(ctx: AppContext, user: UserRow, ids: readonly string[]): Promise<BulkEditRowView[]> {
  if (ids.length > MAX_BULK_ROWS)
    throw new HttpError(400, 'BAD_REQUEST', `At most ${MAX_BULK_ROWS} submissions at once.`);
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  if (!ids.length) return [];
  const rows = (await submissionsByIds(ctx.db, wanted)).filter((s) => bulkEditPolicy.viewRow(user, s));
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFoundRows(missing);
  return present(ctx.db, user, rows, wanted);
}

async function present(db: Tx, user: UserRow, rows: BulkEditSubmissionRow[], order: readonly string[]) {
  const refs = await referencesOf(
    db,
    rows.map((r) => r.id),
  );
  const marketIds = [...new Set([...refs.values()].flatMap((r) => r.marketAccountIds))];
  const attributeIds = [...new Set([...refs.values()].flatMap((r) => r.attributeIds))];
  const [markets, attrs] = await Promise.all([
    marketIds.length ? marketAccountsByIds(db, marketIds) : [],
    attributeIds.length ? attributesByIds(db, attributeIds) : [],
  ]);
  const marketById = new Map(markets.map((m) => [m.id, m]));
  const attrById = new Map(attrs.map((a) => [a.id, a]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return order.flatMap((id) => {
    const s = byId.get(id);
    if (!s) return [];
    const r = refs.get(id)!;
    const values = valuesOf(s, r);
    const statuses = (s.partnerStatuses ?? []) as PartnerStatus[];
    return [
      {
        id: s.id,
        upc: s.upc,
        ean13Upc: s.ean13Upc,
        itemStatus: s.itemStatus,
        partnerCompanyId: s.partnerCompanyId,
        ...values,
        marketAccounts: r.marketAccountIds.map((m) => marketById.get(m)!).filter(Boolean),
        attributes: r.attributeIds.map((a) => attrById.get(a)!).filter(Boolean),
        partnerStatuses: statuses,
        partnerStatusLabel: s.partnerStatusLabel ?? partnerStatusLabel(statuses),
        canEdit: editable(user, s),
        fromSheet: s.sheetFields.map(fieldOfColumn),
      },
    ];
  });
}

type RowPatch = { id: string } & Record<string, unknown>;

/**
 * Saves bulk-edit rows (part 2 sections 4 and 5): each row is merged over the stored values (a field left out keeps
 * its value), then checked with the domain's row schema; unknown market accounts and attributes are refused.
 * Problems come back per field as "{rowId}.{field}". Only submissions the user may edit; any other id answers
 * "not found" and nothing is written. All rows commit together, with their partner statuses recomputed, and the
 * answer is what that transaction wrote: a save is all or nothing, never part-way (docs/decisions/bulk-edit.md).
 */
export async function updateRows(
  ctx: AppContext,
  user: UserRow,
  patches: readonly RowPatch[],
): Promise<BulkEditRowView[]> {
  if (patches.length > MAX_BULK_ROWS)
    throw new HttpError(400, 'BAD_REQUEST', `At most ${MAX_BULK_ROWS} rows can be saved at once.`);
  const ids = patches.map((p) => String(p.id));
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate)
    throw new HttpError(400, 'BAD_REQUEST', 'A submission is listed more than once.', {
      fields: { [`${duplicate}.id`]: 'Listed more than once.' },
    });
  if (!patches.length) return [];

  return ctx.db.transaction(async (tx) => {
    const valid = ids.filter((id) => UUID.test(id));
    const stored = valid.length ? await lockSubmissionsInOrder(tx, valid) : [];
    const byId = new Map(stored.map((s) => [s.id, s]));
    const missing = ids.filter((id) => {
      const s = byId.get(id);
      return !s || !bulkEditPolicy.viewRow(user, s) || !editable(user, s);
    });
    if (missing.length) throw notFoundRows(missing);
    const refs = await referencesOf(tx, ids);
    const fields: Record<string, string> = {};
    const parsed: BulkEditRow[] = [];
    for (const patch of patches) {
      const s = byId.get(patch.id)!;
      const merged = { id: s.id, ...valuesOf(s, refs.get(s.id)!), ...definedOnly(patch) };
      const result = bulkEditRowSchema.safeParse(merged);
      if (!result.success) {
        for (const issue of result.error.issues) fields[`${s.id}.${issue.path.join('.')}`] ??= issue.message;
      } else parsed.push(result.data);
    }
    const [knownMarkets, knownAttrs] = await Promise.all([
      existingIds(
        tx,
        'marketAccounts',
        parsed.flatMap((r) => r.marketAccounts.map((m) => m.id)),
      ),
      existingIds(
        tx,
        'attributes',
        parsed.flatMap((r) => r.attributes.map((a) => a.id)),
      ),
    ]);
    for (const r of parsed) {
      if (r.marketAccounts.some((m) => !knownMarkets.has(m.id)))
        fields[`${r.id}.marketAccounts`] = 'Unknown market account.';
      if (r.attributes.some((a) => !knownAttrs.has(a.id))) fields[`${r.id}.attributes`] = 'Unknown attribute.';
    }
    if (Object.keys(fields).length) {
      const rowsWithErrors = new Set(Object.keys(fields).map((k) => k.split('.')[0])).size;
      throw new HttpError(
        400,
        'VALIDATION_FAILED',
        `Please correct the highlighted fields (${rowsWithErrors} of ${patches.length} rows). Nothing was saved.`,
        { fields },
      );
    }
    await updateDetails(
      tx,
      parsed.map((r) => ({
        id: r.id,
        values: {
          productName: r.productName,
          brand: r.companyName,
          suggestedClass: r.suggestedClass,
          height: r.height,
          width: r.width,
          depth: r.depth,
          size: r.size,
          uom: r.uom,
          fobCost: r.fobCost,
          msrp: r.msrp,
          edlp: r.edlp,
          deliveredCost: r.deliveredCost,
          wholesaleCost: r.wholesaleCost,
          freeFill: r.freeFill,
          inStoreDemo: r.inStoreDemo,
          fairShareMerchandisingSupport: r.fairShareMerchandisingSupport,
          paidAds: r.paidAds,
          offInvoice: r.offInvoice,
          tpr: r.tpr,
        },
        marketAccountIds: r.marketAccounts.map((m) => m.id),
        attributeIds: r.attributes.map((a) => a.id),
      })),
    );
    // Staff editing a supplier's rows: one audit row per submission, with the fields that changed.
    for (const r of parsed) {
      const s = byId.get(r.id)!;
      const { id: _id, ...after } = r;
      const change = changedFields(valuesOf(s, refs.get(s.id)!), after);
      if (!Object.keys(change.after).length) continue;
      await recordIfStaffAction(tx, user, {
        action: 'submission.bulk_edited',
        target: {
          type: 'submission',
          id: s.id,
          companyId: s.companyId,
          label: r.productName || s.productName || s.upc,
        },
        ...change,
      });
    }
    // The answer is read in the transaction: once the rows commit, no failed read can answer "not saved".
    return present(tx, user, await submissionsByIds(tx, ids), ids);
  });
}

/** GraphQL leaves out absent input fields as undefined; those keep the stored value. */
const definedOnly = (patch: RowPatch) =>
  Object.fromEntries(
    Object.entries(patch)
      .filter(([k, v]) => v !== undefined && k !== 'id')
      // An empty list may come as null.
      .map(([k, v]) => [k, v === null && (k === 'marketAccounts' || k === 'attributes') ? [] : v]),
  );

export async function searchMarketAccounts(ctx: AppContext, name: string): Promise<MarketAccountView[]> {
  const text = name.trim().slice(0, 100);
  return marketAccountsLike(ctx.db, text ? likeContains(text) : null);
}

export const listAttributes = (ctx: AppContext): Promise<AttributeView[]> => attributesByName(ctx.db);

/**
 * Brands to choose from: a supplier's own company (the brand is the company name); staff, any supplier company.
 * Other suppliers' names are never listed to a supplier.
 */
export async function searchBrands(ctx: AppContext, user: UserRow, name: string) {
  const text = likeContains(name.trim().slice(0, 100));
  return companyNamesLike(ctx.db, text, bulkEditPolicy.brandsOfEveryCompany(user) ? null : user.companyId);
}

export interface BulkEditSettings {
  partnerCompanyId: number | null;
  steps: { name: string; columns: { field: string; label: string; kind: string; required: boolean }[] }[];
}

/**
 * The steps and columns of the bulk edit for a partner, from its field rules (domain: visibleBulkEditSteps,
 * bulkEditColumns). Without a partner (or without its configuration) every flag takes its default: true.
 */
export async function bulkEditSettings(ctx: AppContext, partnerCompanyId: number | null): Promise<BulkEditSettings> {
  let rules: FieldRules = {};
  if (partnerCompanyId != null) {
    const row = await fieldRulesOf(ctx.db, partnerCompanyId);
    if (!row) throw notFound('No partner configuration for this company.');
    rules = (row.fieldRules ?? {}) as FieldRules;
  }
  return {
    partnerCompanyId,
    steps: visibleBulkEditSteps(rules).map((name) => ({
      name,
      columns: bulkEditColumns(name, rules).map(({ field, label, kind, required }) => ({
        field,
        label,
        kind,
        required,
      })),
    })),
  };
}
