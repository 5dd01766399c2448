import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PRIMARY_COLOUR,
  isSectionVisible,
  PARTNER_SETTINGS_MSG,
  partnerConfigurationInputSchema,
  resolvedFieldRules,
  impliedRules,
  type FieldRules,
  type SecondApprovalMode,
} from '@portal/domain';
import { latestOwnRules, settingsOf, writeVersion } from '../readiness/repository.ts';
import type { AppContext } from '../../context.ts';
import type { partnerConfigurations } from '../../db/schema.ts';
import type { Actor } from '../../lib/authorize.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Precondition } from '../../lib/preconditions.ts';
import { recordAudit } from '../audit/record.ts';
import { enqueueReadinessRecompute } from '../readiness/job-types.ts';
import {
  companiesNamed,
  companyIdAndName,
  companyNameRow,
  companyRow,
  configurationOfCompany,
  configurationRow,
  configurationRows,
  insertNewConfiguration,
  likeContains,
  lockedConfiguration,
  lockedUpdatedAt,
  logoRow,
  partnersNamed,
  updateConfigurationRow,
} from './repository.ts';
import { configurationChange, initialSettings } from './settings-audit.ts';

type Row = typeof partnerConfigurations.$inferSelect;

export interface PartnerConfigurationView {
  id: number;
  companyId: number;
  companyName: string;
  partnerLogoFileName: string | null;
  primaryColor: string;
  secondaryColor: string | null;
  landingPageEnabled: boolean;
  fieldRules: { field: string; visible: boolean; required: boolean }[];
  placementFieldsVisible: boolean;
  pricingFieldsVisible: boolean;
  promotionFieldsVisible: boolean;
  blockingPhotoChecks: string[];
  minImageLongSidePx: number;
  decisionUndo: boolean;
  reviewSlaHours: number | null;
  secondApproval: SecondApprovalMode;
  /** When it was last saved: what a change is made from (see lastUpdatedDate of the update). */
  updatedDate: Date;
}

export function present(config: Row, companyName: string): PartnerConfigurationView {
  const rules = (config.fieldRules ?? {}) as FieldRules;
  return {
    id: config.id,
    companyId: config.companyId,
    companyName,
    partnerLogoFileName: config.partnerLogoFileName,
    primaryColor: config.primaryColor,
    secondaryColor: config.secondaryColor,
    landingPageEnabled: config.landingPageEnabled,
    fieldRules: resolvedFieldRules(rules),
    placementFieldsVisible: isSectionVisible(rules, 'placementFieldsVisible'),
    pricingFieldsVisible: isSectionVisible(rules, 'pricingFieldsVisible'),
    promotionFieldsVisible: isSectionVisible(rules, 'promotionFieldsVisible'),
    blockingPhotoChecks: config.blockingPhotoChecks,
    minImageLongSidePx: config.minImageLongSidePx,
    decisionUndo: config.decisionUndo,
    reviewSlaHours: config.reviewSlaHours,
    secondApproval: config.secondApproval,
    updatedDate: config.updatedAt,
  };
}

export async function listConfigurations(ctx: AppContext) {
  const rows = await configurationRows(ctx.db);
  return rows.map((r) => present(r.config, r.companyName));
}

/** The configuration of a partner company, with its name, as the public landing page reads it. */
export async function findConfigurationOfCompany(ctx: AppContext, companyId: number) {
  const row = await configurationOfCompany(ctx.db, companyId);
  if (!row) throw notFound('No partner configuration for this company.');
  return row;
}

/** The stored logo of a configuration (key and file name), or null when there is none. */
export async function findLogo(ctx: AppContext, id: number) {
  const row = await logoRow(ctx.db, id);
  return row?.key && row.fileName ? { key: row.key, fileName: row.fileName } : null;
}

/** Partners whose company name contains the text (case-insensitive), at most 20, by name. */
export async function searchPartners(ctx: AppContext, name: string) {
  return partnersNamed(ctx.db, likeContains(name.trim().slice(0, 100)));
}

export async function findConfiguration(ctx: AppContext, id: number) {
  const row = await configurationRow(ctx.db, id);
  if (!row) throw notFound('No such partner configuration.');
  return row;
}

export async function getConfiguration(ctx: AppContext, id: number) {
  const row = await findConfiguration(ctx, id);
  return present(row.config, row.companyName);
}

/** A configuration as the audit trail names it. */
const auditTarget = (row: Row, companyName: string) =>
  ({ type: 'partner_configuration', id: row.id, companyId: row.companyId, label: companyName }) as const;

/** What the readiness rules are made from: a change to it writes a new version of the partner's rules. */
const impliedRulesKey = (row: Row) => JSON.stringify(impliedRules(settingsOf(row)));

export async function createConfiguration(ctx: AppContext, user: Pick<Actor, 'id'>, companyId: number) {
  const company = await companyRow(ctx.db, companyId);
  if (!company) throw notFound('No such company.');
  const created = await ctx.db.transaction(async (tx) => {
    const row = await insertNewConfiguration(tx, {
      companyId,
      primaryColor: DEFAULT_PRIMARY_COLOUR,
      landingPageEnabled: true,
      fieldRules: {},
    });
    // Submissions already sent to this company now have rules to be checked against.
    if (row) {
      await enqueueReadinessRecompute(tx, companyId);
      await recordAudit(tx, {
        actor: user,
        action: 'partner_configuration.created',
        target: auditTarget(row, company.name),
        after: initialSettings(row),
      });
    }
    return row;
  });
  if (!created) throw conflict('This company already has a partner configuration.');
  return present(created, company.name);
}

/** Changes a configuration; `precondition` (the request's If-Match) is checked under the row's lock. */
export async function updateConfiguration(
  ctx: AppContext,
  user: Pick<Actor, 'id'>,
  id: number,
  rawInput: unknown,
  precondition?: Precondition,
) {
  const input = partnerConfigurationInputSchema.parse(rawInput);
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockedConfiguration(tx, id);
    if (!before) return undefined;
    precondition?.(before.updatedAt);
    // Two administrators on one configuration: the second save, made from what the first replaced, is refused
    // instead of silently undoing the first.
    if (input.lastUpdatedDate && before.updatedAt.getTime() !== Date.parse(input.lastUpdatedDate))
      throw conflict(PARTNER_SETTINGS_MSG.changedMeanwhile);
    const row = await updateConfigurationRow(tx, id, {
      primaryColor: input.primaryColor,
      secondaryColor: input.secondaryColor ?? null,
      landingPageEnabled: input.landingPageEnabled,
      ...(input.fieldRules ? { fieldRules: input.fieldRules } : {}),
      ...(input.blockingPhotoChecks ? { blockingPhotoChecks: input.blockingPhotoChecks } : {}),
      ...(input.minImageLongSidePx ? { minImageLongSidePx: input.minImageLongSidePx } : {}),
      ...(input.decisionUndo !== undefined ? { decisionUndo: input.decisionUndo } : {}),
      ...(input.reviewSlaHours !== undefined ? { reviewSlaHours: input.reviewSlaHours } : {}),
      ...(input.secondApproval !== undefined ? { secondApproval: input.secondApproval } : {}),
      updatedAt: new Date(),
    });
    // The readiness and partner statuses of its submissions follow the new rules (in the background: there may be
    // many).
    if (row && (input.fieldRules || impliedRulesKey(before) !== impliedRulesKey(row)))
      await enqueueReadinessRecompute(tx, row.companyId);
    // A result names the version it was judged against, so a change to the rules the settings imply is a version.
    if (impliedRulesKey(before) !== impliedRulesKey(row)) {
      const own = await latestOwnRules(tx, row.companyId);
      await writeVersion(tx, row.companyId, own.rules, user.id);
    }
    const change = configurationChange(before, row);
    if (Object.keys(change.after).length) {
      const company = await companyNameRow(tx, row.companyId);
      await recordAudit(tx, {
        actor: user,
        action: 'partner_configuration.updated',
        target: auditTarget(row, company?.name ?? ''),
        ...change,
      });
    }
    return row;
  });
  if (!updated) throw notFound('No such partner configuration.');
  const company = await companyNameRow(ctx.db, updated.companyId);
  return present(updated, company?.name ?? '');
}

export async function searchCompanies(ctx: AppContext, name: string) {
  return companiesNamed(ctx.db, likeContains(name.trim().slice(0, 100)));
}

export async function getCompany(ctx: AppContext, companyId: number) {
  return (await companyIdAndName(ctx.db, companyId)) ?? null;
}

/** Stores a checked logo file under a generated key and records it; the previous logo blob is removed. */
export async function setLogo(
  ctx: AppContext,
  user: Pick<Actor, 'id'>,
  id: number,
  file: { fileName: string; tempPath: string; kind: string },
  precondition?: Precondition,
) {
  const { config, companyName } = await findConfiguration(ctx, id);
  // The checked kind is part of the key, so the logo is served with its real content type.
  const key = `partner-logos/${id}/${randomUUID()}.${file.kind}`;
  // A stale If-Match is refused before anything is stored, and again under the row's lock (a save in between).
  precondition?.(config.updatedAt);
  await ctx.storage.putFile(key, file.tempPath);
  const record = ctx.db.transaction(async (tx) => {
    if (precondition) {
      const locked = await lockedUpdatedAt(tx, id);
      precondition(locked.updatedAt);
    }
    const row = await updateConfigurationRow(tx, id, {
      partnerLogoFileName: file.fileName,
      partnerLogoKey: key,
      updatedAt: new Date(),
    });
    await recordAudit(tx, {
      actor: user,
      action: 'partner_configuration.logo_changed',
      target: auditTarget(row, companyName),
      before: { logo: config.partnerLogoFileName },
      after: { logo: file.fileName },
    });
    return row;
  });
  const updated = await record.catch(async (err: unknown) => {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  });
  if (config.partnerLogoKey && config.partnerLogoKey !== key)
    await ctx.storage.delete(config.partnerLogoKey).catch(() => {});
  return present(updated, companyName);
}
