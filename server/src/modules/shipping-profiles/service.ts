import {
  SHIPPING_PROFILE_MSG,
  shippingAssignmentsSchema,
  shippingProfileInputSchema,
  toEan13,
  type Measure,
  type ShippingProfileInput,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { shippingProfiles } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { changedFields, rowSummary } from '../audit/summary.ts';
import { enabledFlags } from '../feature-flags/repository.ts';
import { setProductShippingProfile } from '../submissions/lifecycle.ts';
import {
  assignedProfilesOfCompany,
  companyExists,
  draftCountsByProfile,
  insertProfile,
  latestProductsOfCompany,
  productCountsByProfile,
  profilesOfCompany,
  profilesOfCompanyAmong,
  profileWithUpdater,
  updateProfile,
  writeProductProfile,
} from './repository.ts';
import type { UserRow } from '../users/repository.ts';
import { shippingProfilePolicy } from './policy.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';

type Row = typeof shippingProfiles.$inferSelect;

export interface AssociatedSubmissionCount {
  /** An item status (SUBMITTED, CATALOGUED, ...) of the products using the profile, or IN_PROGRESS for drafts. */
  type: string;
  count: number;
}

export interface ShippingProfileView {
  id: number;
  name: string;
  companyId: number;
  creatorId: number | null;
  caseCount: number;
  grossWeight: Measure | null;
  netWeight: Measure | null;
  caseLength: Measure | null;
  caseWidth: Measure | null;
  caseHeight: Measure | null;
  palletTiers: number | null;
  palletLayers: number | null;
  updatedDate: Date;
  updatedByFirstName: string | null;
  updatedByLastName: string | null;
  updatedByEmail: string | null;
  associatedSubmissions: AssociatedSubmissionCount[];
  can: { edit: boolean };
}

export interface ShippingProfileProduct {
  upc: string;
  name: string | null;
  status: string;
  associated: boolean;
  /** The company's other profile the product uses, if any: ticking it here moves it (issue 17 item 16). */
  otherProfileName: string | null;
}

const notFoundProfile = () => notFound(SHIPPING_PROFILE_MSG.notFound);

/** The routes exist only with the SHIPPING_PROFILE feature (part 2 section 6). */
export async function assertShippingFeature(ctx: AppContext) {
  if (!(await enabledFlags(ctx.db)).includes('SHIPPING_PROFILE')) throw notFound('Shipping profiles are not enabled.');
}

const measure = (value: number | null, unit: string | null): Measure | null =>
  value == null || unit == null ? null : { value: Number(value), unit };

function present(
  row: Row,
  updater: { firstName: string; lastName: string; email: string } | null,
  user: UserRow,
): ShippingProfileView {
  return {
    id: row.id,
    name: row.name,
    companyId: row.companyId,
    creatorId: row.creatorId,
    caseCount: row.caseCount,
    grossWeight: measure(row.grossWeightValue, row.grossWeightUnit),
    netWeight: measure(row.netWeightValue, row.netWeightUnit),
    caseLength: measure(row.caseLengthValue, row.caseLengthUnit),
    caseWidth: measure(row.caseWidthValue, row.caseWidthUnit),
    caseHeight: measure(row.caseHeightValue, row.caseHeightUnit),
    palletTiers: row.palletTiers,
    palletLayers: row.palletLayers,
    updatedDate: row.updatedAt,
    updatedByFirstName: updater?.firstName ?? null,
    updatedByLastName: updater?.lastName ?? null,
    updatedByEmail: updater?.email ?? null,
    associatedSubmissions: [],
    can: { edit: shippingProfilePolicy.mayEdit(user, row.companyId) },
  };
}

/** The user who last updated a profile, when the join found one. */
const updaterOf = (r: { firstName: string | null; lastName: string | null; email: string | null }) =>
  r.firstName === null || r.lastName === null || r.email === null
    ? null
    : { firstName: r.firstName, lastName: r.lastName, email: r.email };

const columnsOf = (input: ShippingProfileInput) => ({
  name: input.name,
  caseCount: input.caseCount,
  grossWeightValue: input.grossWeight?.value ?? null,
  grossWeightUnit: input.grossWeight?.unit ?? null,
  netWeightValue: input.netWeight?.value ?? null,
  netWeightUnit: input.netWeight?.unit ?? null,
  caseLengthValue: input.caseLength?.value ?? null,
  caseLengthUnit: input.caseLength?.unit ?? null,
  caseWidthValue: input.caseWidth?.value ?? null,
  caseWidthUnit: input.caseWidth?.unit ?? null,
  caseHeightValue: input.caseHeight?.value ?? null,
  caseHeightUnit: input.caseHeight?.unit ?? null,
  palletTiers: input.palletTiers,
  palletLayers: input.palletLayers,
});

/** A profile as the audit trail names it. */
const auditTarget = (p: { id: number; companyId: number; name: string }) =>
  ({ type: 'shipping_profile', id: p.id, companyId: p.companyId, label: p.name }) as const;

/** A second profile of the same name in a company breaks the unique index: 409 with the spec's message. */
async function writeOrConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SHIPPING_PROFILE_MSG.duplicateName);
    throw err;
  }
}

/** Counts of the products (by their latest submission's status) and drafts that use each profile. */
async function associatedCounts(db: Tx, ids: number[]): Promise<Map<number, AssociatedSubmissionCount[]>> {
  const out = new Map<number, AssociatedSubmissionCount[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const products = await productCountsByProfile(db, ids);
  const drafts = await draftCountsByProfile(db, ids);
  for (const r of drafts) out.get(r.profileId!)?.push({ type: 'IN_PROGRESS', count: Number(r.count) });
  for (const r of products) out.get(Number(r.profile_id))?.push({ type: r.status, count: Number(r.count) });
  return out;
}

/**
 * getShippingProfileForCurrentUser: the profiles of the user's company, or for administrators of the company they
 * picked (none before they pick one). A supplier asking for another company gets "not found".
 */
export async function listShippingProfiles(
  ctx: AppContext,
  user: UserRow,
  opts: { companyId?: number | null; associatedSubmissions?: boolean | null },
): Promise<ShippingProfileView[]> {
  await assertShippingFeature(ctx);
  const companyId = shippingProfilePolicy.companyToView(user, opts.companyId);
  if (companyId === 'other') throw notFound('Company not found.');
  if (companyId === null) return [];
  const rows = await profilesOfCompany(ctx.db, companyId);
  const views = rows.map((r) => present(r.profile, updaterOf(r), user));
  if (opts.associatedSubmissions) {
    const counts = await associatedCounts(
      ctx.db,
      views.map((v) => v.id),
    );
    for (const v of views) v.associatedSubmissions = counts.get(v.id) ?? [];
  }
  return views;
}

/** A profile the user may see (their company's; any for administrators); "not found" otherwise. */
async function visibleProfile(ctx: AppContext, user: UserRow, id: number) {
  const row = await profileWithUpdater(ctx.db, id);
  if (!row || !shippingProfilePolicy.mayView(user, row.profile.companyId)) throw notFoundProfile();
  return row;
}

export async function getShippingProfile(ctx: AppContext, user: UserRow, id: number): Promise<ShippingProfileView> {
  await assertShippingFeature(ctx);
  const row = await visibleProfile(ctx, user, id);
  const view = present(row.profile, updaterOf(row), user);
  view.associatedSubmissions = (await associatedCounts(ctx.db, [id])).get(id) ?? [];
  return view;
}

async function editableProfile(ctx: AppContext, user: UserRow, id: number) {
  await assertShippingFeature(ctx);
  const row = await visibleProfile(ctx, user, id);
  if (!shippingProfilePolicy.mayEdit(user, row.profile.companyId)) throw forbidden(SHIPPING_PROFILE_MSG.readOnly);
  return row.profile;
}

/** createShippingProfile: a supplier's profile is their company's; an administrator names the company. */
export async function createShippingProfile(
  ctx: AppContext,
  user: UserRow,
  rawInput: unknown,
  companyId?: number | null,
) {
  await assertShippingFeature(ctx);
  const target = shippingProfilePolicy.companyToCreateIn(user, companyId);
  if (!shippingProfilePolicy.mayEdit(user, target)) {
    if (shippingProfilePolicy.companyToView(user, target) === 'other') throw notFound('Company not found.');
    if (target == null) throw badRequest(SHIPPING_PROFILE_MSG.chooseCompany);
    throw forbidden(SHIPPING_PROFILE_MSG.readOnly);
  }
  const input = shippingProfileInputSchema.parse(rawInput);
  const company = await companyExists(ctx.db, target!);
  if (!company) throw notFound('Company not found.');
  const created = await writeOrConflict(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertProfile(tx, {
        ...columnsOf(input),
        companyId: target!,
        creatorId: user.id,
        updatedBy: user.id,
      });
      await recordIfStaffAction(tx, user, {
        action: 'shipping_profile.created',
        target: auditTarget(row),
        after: rowSummary(row),
      });
      return row;
    }),
  );
  return present(created, user, user);
}

/** PUT /shippingProfile/{id}: every field replaced; 409 when another profile of the company has the name. */
export async function updateShippingProfile(ctx: AppContext, user: UserRow, id: number, rawInput: unknown) {
  const before = await editableProfile(ctx, user, id);
  const input = shippingProfileInputSchema.parse(rawInput);
  const updated = await writeOrConflict(() =>
    ctx.db.transaction(async (tx) => {
      const row = await updateProfile(tx, id, { ...columnsOf(input), updatedBy: user.id, updatedAt: new Date() });
      const change = changedFields(rowSummary(before), rowSummary(row));
      if (Object.keys(change.after).length)
        await recordIfStaffAction(tx, user, {
          action: 'shipping_profile.updated',
          target: auditTarget(row),
          ...change,
        });
      return row;
    }),
  );
  const view = present(updated, user, user);
  view.associatedSubmissions = (await associatedCounts(ctx.db, [id])).get(id) ?? [];
  return view;
}

/** The company's products (one per EAN-13 it submitted), with whether each uses the profile. */
async function companyProducts(db: Tx, companyId: number, profileId: number): Promise<ShippingProfileProduct[]> {
  const latest = await latestProductsOfCompany(db, companyId);
  const assigned = await assignedProfilesOfCompany(db, companyId);
  const profileOf = new Map(assigned.map((a) => [a.ean13Upc, a]));
  return latest
    .map((r) => {
      const current = profileOf.get(r.ean13Upc);
      const associated = current?.profileId === profileId;
      return {
        upc: r.ean13Upc,
        name: r.description ?? r.productName,
        status: r.status,
        associated,
        otherProfileName: current && !associated ? current.profileName : null,
      };
    })
    .sort(
      (a, b) =>
        (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff', 'en', { sensitivity: 'base' }) ||
        a.upc.localeCompare(b.upc),
    );
}

/** getShippingProfileProducts: every product of the profile's company, ticked when it uses this profile. */
export async function shippingProfileProducts(ctx: AppContext, user: UserRow, id: number) {
  await assertShippingFeature(ctx);
  const { profile } = await visibleProfile(ctx, user, id);
  return companyProducts(ctx.db, profile.companyId, id);
}

/**
 * The one place a company's product gets (or loses) a shipping profile: the product's row and the profile its
 * submissions carry (written by the submission lifecycle) stay the same. null removes whatever profile it had.
 */
export async function applyProductShippingProfile(
  tx: Tx,
  args: { companyId: number; ean13Upc: string; shippingProfileId: number | null; userId: number },
) {
  await writeProductProfile(tx, args);
  await setProductShippingProfile(tx, args);
}

/**
 * POST /shippingProfile/{id}/products: a map of UPC to associated. true gives the product this profile (taking it
 * from any other), false takes this profile away (a product using another profile is left alone). One transaction.
 */
export async function assignShippingProfileProducts(ctx: AppContext, user: UserRow, id: number, body: unknown) {
  const profile = await editableProfile(ctx, user, id);
  const map = shippingAssignmentsSchema.parse(body ?? {});
  const products = await companyProducts(ctx.db, profile.companyId, id);
  const byEan = new Map(products.map((p) => [p.upc, p]));
  const changes = new Map<string, boolean>();
  const unknown: Record<string, string> = {};
  for (const [upc, associated] of Object.entries(map)) {
    const ean = toEan13(upc);
    if (!ean || !byEan.has(ean)) unknown[upc] = `The company has no product with UPC ${upc}.`;
    else changes.set(ean, associated);
  }
  if (Object.keys(unknown).length) throw badRequest(Object.values(unknown)[0], unknown);
  await ctx.db.transaction(async (tx) => {
    for (const [ean13Upc, associated] of changes) {
      if (associated) {
        await applyProductShippingProfile(tx, {
          companyId: profile.companyId,
          ean13Upc,
          shippingProfileId: id,
          userId: user.id,
        });
      } else if (byEan.get(ean13Upc)!.associated) {
        await applyProductShippingProfile(tx, {
          companyId: profile.companyId,
          ean13Upc,
          shippingProfileId: null,
          userId: user.id,
        });
      }
    }
    await updateProfile(tx, id, { updatedBy: user.id, updatedAt: new Date() });
    const [given, taken] = [
      [...changes].filter(([, a]) => a).map(([e]) => e),
      [...changes].filter(([e, a]) => !a && byEan.get(e)!.associated).map(([e]) => e),
    ];
    if (given.length || taken.length) {
      await recordIfStaffAction(tx, user, {
        action: 'shipping_profile.products_assigned',
        target: auditTarget(profile),
        after: { given, taken },
      });
    }
  });
  return companyProducts(ctx.db, profile.companyId, id);
}

/** A profile chosen for a company's draft or product must be one of that company's: "not found" otherwise. */
export async function assertCompanyProfiles(db: Tx, companyId: number, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (!wanted.length) return;
  const found = await profilesOfCompanyAmong(db, companyId, wanted);
  if (found.length !== wanted.length)
    throw new HttpError(404, 'NOT_FOUND', SHIPPING_PROFILE_MSG.notFound, {
      fields: { shippingProfileId: SHIPPING_PROFILE_MSG.notFound },
    });
}
