import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  BRAND_MSG,
  brandProfileInputSchema,
  type brandProfileViewSchema,
  DISTRIBUTION_STATES_COUNTRY,
  toPrimaryBroker,
  toSalesContact,
  type BrandFileKind,
  type BrandProfileValues,
  type PrimaryBroker,
  type SalesContact,
  type UploadKind,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { isFlagEnabled } from '../feature-flags/repository.ts';
import { companyExists } from '../users/repository.ts';
import {
  brandProfilesOf,
  findBrandProfileRow,
  insertBrandProfile,
  updateBrandProfileRow,
  type BrandProfileRow,
} from './repository.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  cityExists,
  countryExists,
  distributionMethodExists,
  stateCodes,
  stateExists,
} from '../reference-data/repository.ts';
import { recordIfStaffAction } from '../audit/record.ts';
import { changedFields, rowSummary } from '../audit/summary.ts';
import { brandProfilePolicy } from './policy.ts';

/** A brand profile as the audit trail names it. */
const auditTarget = (row: Row, label: string | null = null) =>
  ({ type: 'brand_profile', id: row.id, companyId: row.companyId, label }) as const;

/** Staff changing a company's brand profile: the changed fields, in the transaction of the change. */
async function auditUpdate(tx: Tx, user: Actor, before: Row, after: Row) {
  const change = changedFields(rowSummary(before), rowSummary(after));
  if (Object.keys(change.after).length)
    await recordIfStaffAction(tx, user, { action: 'brand_profile.updated', target: auditTarget(after), ...change });
}

type Row = BrandProfileRow;
export type Actor = { id: number; companyId: number; scopes: readonly string[] };

/** A profile as both APIs answer it: the domain's schema, which the REST document shows. */
export type BrandProfileView = z.infer<typeof brandProfileViewSchema>;

/** The three file fields: their columns and download path segment. */
export const FILE_COLUMNS = {
  'brand-logo': { name: 'brandLogoFilename', key: 'brandLogoKey' },
  'product-one-sheet': { name: 'productOneSheetFilename', key: 'productOneSheetKey' },
  'sales-deck': { name: 'salesDeckFilename', key: 'salesDeckKey' },
} as const satisfies Record<BrandFileKind, { name: keyof Row; key: keyof Row }>;

export const fileUrl = (row: Pick<Row, 'id' | 'companyId'>, kind: BrandFileKind, key: string | null) =>
  // The key's file part changes with every upload, so a new file is never read from a cache.
  key
    ? `/api/companies/${row.companyId}/brand-profiles/${row.id}/${kind}?v=${key.split('/').pop()?.split('.')[0]}`
    : null;

export function present(row: Row, user: Actor): BrandProfileView {
  const {
    brandLogoKey,
    productOneSheetKey,
    salesDeckKey,
    createdAt: _c,
    updatedAt,
    salesContact,
    primaryBroker,
    ...rest
  } = row;
  return {
    ...rest,
    distributionRangeStates: row.distributionRangeStates ?? [],
    salesContact: (salesContact as SalesContact | null) ?? null,
    primaryBroker: (primaryBroker as PrimaryBroker | null) ?? null,
    brandLogoUrl: fileUrl(row, 'brand-logo', brandLogoKey),
    productOneSheetUrl: fileUrl(row, 'product-one-sheet', productOneSheetKey),
    salesDeckUrl: fileUrl(row, 'sales-deck', salesDeckKey),
    updatedAt: updatedAt.toISOString(),
    can: { edit: brandProfilePolicy.edit(user, row.companyId) },
  };
}

/** The BRAND_PROFILE flag gates changes on the server too, not only the route. */
export async function assertBrandProfileEnabled(ctx: AppContext) {
  if (!(await isFlagEnabled(ctx.db, 'BRAND_PROFILE'))) throw forbidden('Brand profiles are not enabled.');
}

/** Another company's profiles answer "not found"; a read-only administrator may look but not change. */
function assertCompanyAccess(user: Actor, companyId: number, action: 'view' | 'edit') {
  if (!brandProfilePolicy.view(user, companyId)) throw notFound('No such company.');
  if (action === 'edit' && !brandProfilePolicy.edit(user, companyId)) throw forbidden();
}

export async function listBrandProfiles(ctx: AppContext, user: Actor, companyId: number): Promise<BrandProfileView[]> {
  if (!brandProfilePolicy.view(user, companyId)) return [];
  const rows = await brandProfilesOf(ctx.db, companyId);
  return rows.map((r) => present(r, user));
}

export async function findBrandProfile(
  ctx: AppContext,
  user: Actor,
  companyId: number,
  id: number,
  action: 'view' | 'edit',
) {
  assertCompanyAccess(user, companyId, action);
  const row = await findBrandProfileRow(ctx.db, companyId, id);
  if (!row) throw notFound('No such brand profile.');
  return row;
}

/** Every named country, state, city, method and distribution state must be one of the lookups. */
async function checkReferences(ctx: AppContext, v: BrandProfileValues) {
  const fields: Record<string, string> = {};
  if (!(await countryExists(ctx.db, v.brandCountryCode))) fields.brandCountryCode = BRAND_MSG.unknownCountry;
  else if (!(await stateExists(ctx.db, v.brandCountryCode, v.brandStateCode)))
    fields.brandStateCode = BRAND_MSG.unknownState;
  else if (!(await cityExists(ctx.db, v.brandCountryCode, v.brandStateCode, v.brandCityName)))
    fields.brandCityName = BRAND_MSG.unknownCity;
  if (!(await distributionMethodExists(ctx.db, v.primaryDistributionMethod))) {
    fields.primaryDistributionMethod = BRAND_MSG.unknownDistributionMethod;
  }
  if (v.secondaryDistributionMethod && !(await distributionMethodExists(ctx.db, v.secondaryDistributionMethod))) {
    fields.secondaryDistributionMethod = BRAND_MSG.unknownDistributionMethod;
  }
  if (v.distributionRangeStates.length) {
    const known = await stateCodes(ctx.db, DISTRIBUTION_STATES_COUNTRY);
    if (v.distributionRangeStates.some((s) => !known.has(s)))
      fields.distributionRangeStates = BRAND_MSG.unknownDistributionState;
  }
  if (Object.keys(fields).length) {
    throw badRequest(
      Object.entries(fields)
        .map(([k, m]) => `${k}: ${m}`)
        .join('; '),
      fields,
    );
  }
}

function columns(v: BrandProfileValues) {
  return {
    marketingVideoUrl: v.marketingVideoUrl,
    brandWebsiteUrl: v.brandWebsiteUrl,
    brandCountryCode: v.brandCountryCode,
    brandStateCode: v.brandStateCode,
    brandCityName: v.brandCityName,
    yearFounded: v.yearFounded,
    brandStory: v.brandStory,
    facebookUrl: v.facebookUrl,
    instagramUrl: v.instagramUrl,
    twitterUrl: v.twitterUrl,
    samplesOffered: v.samplesOffered,
    primaryInvestor: v.primaryInvestor,
    secondaryInvestor: v.secondaryInvestor,
    raisingInvestment: v.raisingInvestment,
    primaryDistributionMethod: v.primaryDistributionMethod,
    secondaryDistributionMethod: v.secondaryDistributionMethod,
    distributionRange: v.distributionRange,
    distributionRangeStates: v.distributionRangeStates,
    salesContact: toSalesContact(v),
    primaryBroker: toPrimaryBroker(v),
  };
}

export async function createBrandProfile(ctx: AppContext, user: Actor, companyId: number, rawInput: unknown) {
  await assertBrandProfileEnabled(ctx);
  assertCompanyAccess(user, companyId, 'edit');
  if (!(await companyExists(ctx.db, companyId))) throw notFound('No such company.');
  const input = brandProfileInputSchema.parse(rawInput);
  await checkReferences(ctx, input);
  const isPublished = input.isPublished ?? true;
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertBrandProfile(tx, { companyId, creatorId: user.id, isPublished, ...columns(input) });
    if (row)
      await recordIfStaffAction(tx, user, {
        action: 'brand_profile.created',
        target: auditTarget(row),
        after: rowSummary(row),
      });
    return row;
  });
  if (!created) throw conflict('This company already has a brand profile.');
  return present(created, user);
}

export async function updateBrandProfile(
  ctx: AppContext,
  user: Actor,
  companyId: number,
  id: number,
  rawInput: unknown,
) {
  await assertBrandProfileEnabled(ctx);
  const before = await findBrandProfile(ctx, user, companyId, id, 'edit');
  const input = brandProfileInputSchema.parse(rawInput);
  await checkReferences(ctx, input);
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateBrandProfileRow(tx, id, companyId, columns(input));
    await auditUpdate(tx, user, before, row);
    return row;
  });
  return present(updated, user);
}

export async function setBrandProfilePublished(
  ctx: AppContext,
  user: Actor,
  companyId: number,
  id: number,
  isPublished: boolean,
) {
  await assertBrandProfileEnabled(ctx);
  const before = await findBrandProfile(ctx, user, companyId, id, 'edit');
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updateBrandProfileRow(tx, id, companyId, { isPublished });
    await auditUpdate(tx, user, before, row);
    return row;
  });
  return present(updated, user);
}

/** Stores a checked file under a generated key and records it; the file it replaces is removed. */
export async function setBrandProfileFile(
  ctx: AppContext,
  user: Actor,
  row: Row,
  kind: BrandFileKind,
  file: { fileName: string; tempPath: string; kind: UploadKind },
) {
  const cols = FILE_COLUMNS[kind];
  const key = `brand-profiles/${row.id}/${kind}-${randomUUID()}.${file.kind}`;
  await ctx.storage.putFile(key, file.tempPath);
  const updated = await ctx.db.transaction(async (tx) => {
    const changed = await updateBrandProfileRow(tx, row.id, null, { [cols.name]: file.fileName, [cols.key]: key });
    await auditUpdate(tx, user, row, changed);
    return changed;
  });
  const previous = row[cols.key];
  if (previous && previous !== key) await ctx.storage.delete(previous).catch(() => {});
  return present(updated, user);
}
