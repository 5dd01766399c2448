import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  DEFAULT_MIN_IMAGE_LONG_SIDE_PX,
  effectiveRuleSet,
  readinessRuleSchema,
  type FieldRules,
  type PartnerRuleSettings,
  type ReadinessRule,
  type RuleSet,
} from '@portal/domain';
import type { Tx } from '../../db/client.ts';
import { forUpdate, LOCK } from '../../db/lock-order.ts';
import { partnerConfigurations, partnerRuleSets, productSubmissions } from '../../db/schema.ts';

/** The latest version of a partner's own rules; version 0 with none when it never saved one. */
export async function latestOwnRules(db: Tx, partnerCompanyId: number) {
  const [row] = await db
    .select({ version: partnerRuleSets.version, rules: partnerRuleSets.rules })
    .from(partnerRuleSets)
    .where(eq(partnerRuleSets.partnerCompanyId, partnerCompanyId))
    .orderBy(desc(partnerRuleSets.version))
    .limit(1);
  if (!row) return { version: 0, rules: [] as ReadinessRule[] };
  // Stored rules were checked when saved; one that no longer parses is left out rather than failing every page.
  const rules = (Array.isArray(row.rules) ? row.rules : []).flatMap((r: unknown) => {
    const parsed = readinessRuleSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
  return { version: row.version, rules };
}

/** Writes the next version of a partner's own rules (in the caller's transaction); returns its number. */
/**
 * Saves of one partner's rules take turns on its configuration row (LOCK.partnerConfig): a save reads the version it
 * follows under this lock (two at once both read N, and one failed on the version's unique index).
 */
export async function lockOwnRules(db: Tx, partnerCompanyId: number) {
  await forUpdate(
    db,
    LOCK.partnerConfig,
    db
      .select({ id: partnerConfigurations.id })
      .from(partnerConfigurations)
      .where(eq(partnerConfigurations.companyId, partnerCompanyId)),
  );
}

/** Writes the next version of the partner's own rules; the caller holds lockOwnRules. */
export async function writeVersion(db: Tx, partnerCompanyId: number, rules: readonly ReadinessRule[], savedBy: number) {
  const { version } = await latestOwnRules(db, partnerCompanyId);
  await db.insert(partnerRuleSets).values({ partnerCompanyId, version: version + 1, rules, savedBy });
  return version + 1;
}

export const settingsOf = (row: {
  fieldRules: unknown;
  blockingPhotoChecks: string[];
  minImageLongSidePx: number;
}): PartnerRuleSettings => ({
  fieldRules: (row.fieldRules ?? {}) as FieldRules,
  blockingPhotoChecks: row.blockingPhotoChecks,
  minImageLongSidePx: row.minImageLongSidePx ?? DEFAULT_MIN_IMAGE_LONG_SIDE_PX,
});

/** The partner's effective rule set: what its settings imply and its latest own rules; null without a configuration. */
export async function ruleSetOf(db: Tx, partnerCompanyId: number | null): Promise<RuleSet | null> {
  if (partnerCompanyId === null) return null;
  const config = await partnerSettingsRow(db, partnerCompanyId);
  if (!config) return null;
  const own = await latestOwnRules(db, partnerCompanyId);
  return effectiveRuleSet(settingsOf(config), own.rules, own.version);
}

/**
 * Of these EAN-13 codes, the ones another submission to the partner already has (any company, any status but a
 * draft), for the duplicate-upc rule.
 */
export async function upcsAlreadySubmitted(
  db: Tx,
  partnerCompanyId: number,
  ean13s: readonly string[],
  exceptSubmissionId?: string,
): Promise<Set<string>> {
  if (!ean13s.length) return new Set();
  const rows = await db
    .selectDistinct({ ean: productSubmissions.ean13Upc })
    .from(productSubmissions)
    .where(
      and(
        eq(productSubmissions.partnerCompanyId, partnerCompanyId),
        inArray(productSubmissions.ean13Upc, [...ean13s]),
        ...(exceptSubmissionId ? [ne(productSubmissions.id, exceptSubmissionId)] : []),
      ),
    );
  return new Set(rows.map((r) => r.ean));
}

/** The id of a partner's configuration, if it has one. */
export async function partnerConfigurationId(db: Tx, partnerCompanyId: number) {
  const [config] = await db
    .select({ id: partnerConfigurations.id })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return config as { id: number } | undefined;
}

/** The settings of a partner's configuration that imply rules (settingsOf reads them). */
export async function partnerSettingsRow(db: Tx, partnerCompanyId: number) {
  const [config] = await db
    .select({
      fieldRules: partnerConfigurations.fieldRules,
      blockingPhotoChecks: partnerConfigurations.blockingPhotoChecks,
      minImageLongSidePx: partnerConfigurations.minImageLongSidePx,
    })
    .from(partnerConfigurations)
    .where(eq(partnerConfigurations.companyId, partnerCompanyId));
  return config;
}
