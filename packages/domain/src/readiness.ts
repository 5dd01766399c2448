import { z } from 'zod';
import { checkLabel, LABEL_CHECKS } from './label-arithmetic.ts';
import type { ProductFacts } from './product-facts.ts';
import {
  BULK_EDIT_COLUMNS,
  BULK_EDIT_MSG,
  bulkEditColumns,
  isCellEmpty,
  visibleBulkEditSteps,
  type BulkEditField,
  type BulkEditValues,
} from './bulk-edit.ts';
import { MAX_FILES_PER_DRAFT, MAX_PRODUCT_NAME } from './constants.ts';
import { effectiveUpc } from './draft-rules.ts';
import { sameUpc, toEan13, upcError } from './gtin.ts';
import { isFieldRequired, type FieldRules } from './partner-fields.ts';
import {
  MIN_IMAGE_LONG_SIDE_RANGE,
  PHOTO_BLOCK_MSG,
  PHOTO_ISSUE_CODES,
  PHOTO_ISSUE_LABELS,
  PHOTO_ISSUE_MSG,
  type PhotoIssueCode,
} from './photo-checks.ts';
import { photoIssueCodeSchema } from './photo-checks-schema.ts';
import { missingPhotoRoles, PHOTO_ROLE_LABELS, PHOTO_ROLES, photoRoles, type PhotoRole } from './photo-roles.ts';
import { photoRoleSchema } from './photo-roles-schema.ts';
import type { FactField } from './product-facts-suggestions.ts';
import type { PartnerStatus } from './statuses.ts';
import {
  READINESS_MSG,
  RULE_APPLIES_AT,
  RULE_CODE_PATTERN,
  RULE_FILE_TYPES,
  RULE_SEVERITIES,
  type RuleAppliesAt,
  type RuleFileType,
  type RuleSeverity,
} from './readiness-messages.ts';
import { matchesPattern, PATTERN_MAX_LENGTH, patternProblem } from './safe-pattern.ts';

/**
 * Readiness: a partner's requirements as rules, judged by the same pure functions in the browser (live, on Enter
 * UPC(s)) and on the server (Submit, the API). docs/decisions/readiness.md.
 */

/** Fields Enter UPC(s) asks for: judged on drafts too. */
const INTAKE_FIELDS = ['upc', 'productName', 'shippingProfile'] as const;
type IntakeField = (typeof INTAKE_FIELDS)[number];
/** Fields a rule may require: the intake's and every column of the bulk edit (filled in after submission). */
export const RULE_FIELDS: readonly string[] = [
  ...INTAKE_FIELDS,
  ...Object.values(BULK_EDIT_COLUMNS).flatMap((columns) => columns.map((c) => c.field)),
].filter((f, i, all) => all.indexOf(f) === i);
export const isIntakeField = (field: string): field is IntakeField =>
  (INTAKE_FIELDS as readonly string[]).includes(field);

const ruleBase = {
  code: z.string().regex(RULE_CODE_PATTERN, READINESS_MSG.codeFormat).max(40),
  message: z.string().trim().min(1, READINESS_MSG.messageRequired).max(200),
  fix: z.string().trim().min(1, READINESS_MSG.fixRequired).max(300),
  severity: z.enum(RULE_SEVERITIES),
  weight: z.number().int().min(1).max(100),
  /**
   * When the rule applies: `submit` (judged on the draft, a blocking one refuses Submit, the supplier sees it) or
   * `after-submit` (judged on the submission only: the bulk edit's fields, which partner staff fill in). Absent: by
   * the field (appliesAtOf).
   */
  appliesAt: z.enum(RULE_APPLIES_AT).optional(),
};
const nameLength = z.number().int().min(1).max(MAX_PRODUCT_NAME);

export const readinessRuleSchema = z.discriminatedUnion('kind', [
  z
    .object({
      ...ruleBase,
      kind: z.literal('field-present'),
      field: z.string().min(1).max(60),
    })
    .strict(),
  /** The product name's length in characters (code points), at least `min` and at most `max`. */
  z
    .object({ ...ruleBase, kind: z.literal('name-length'), min: nameLength.optional(), max: nameLength.optional() })
    .strict(),
  /** A field's value, when filled in, matches a pattern as a whole (safe-pattern.ts); an empty field passes. */
  z
    .object({
      ...ruleBase,
      kind: z.literal('field-pattern'),
      field: z.string().min(1).max(60),
      pattern: z.string().min(1).max(PATTERN_MAX_LENGTH),
    })
    .strict(),
  /** At least `min` (1 when absent) files of a type: a PDF spec sheet, a photo. */
  z
    .object({
      ...ruleBase,
      kind: z.literal('file-type'),
      fileType: z.enum(RULE_FILE_TYPES),
      min: z.number().int().min(1).max(MAX_FILES_PER_DRAFT).optional(),
    })
    .strict(),
  z.object({ ...ruleBase, kind: z.literal('min-images'), min: z.number().int().min(1).max(1000) }).strict(),
  z.object({ ...ruleBase, kind: z.literal('marketing-image') }).strict(),
  z
    .object({
      ...ruleBase,
      kind: z.literal('photo-check'),
      check: photoIssueCodeSchema,
      /** LOW_RESOLUTION only: the least pixels on the longest side. */
      minLongSidePx: z
        .number()
        .int()
        .min(MIN_IMAGE_LONG_SIDE_RANGE.min, READINESS_MSG.threshold)
        .max(MIN_IMAGE_LONG_SIDE_RANGE.max, READINESS_MSG.threshold)
        .optional(),
    })
    .strict(),
  z.object({ ...ruleBase, kind: z.literal('code-matches-upc') }).strict(),
  z
    .object({
      ...ruleBase,
      kind: z.literal('upc-prefix'),
      prefixes: z
        .array(z.string().regex(/^\d{1,13}$/, 'A prefix is 1 to 13 digits of the EAN-13 form.'))
        .min(1)
        .max(50),
    })
    .strict(),
  z.object({ ...ruleBase, kind: z.literal('duplicate-upc') }).strict(),
  z.object({ ...ruleBase, kind: z.literal('label-arithmetic'), check: z.enum(LABEL_CHECKS) }).strict(),
  /** Each of these roles on at least one photo of the product ("a front photo and a nutrition panel photo"). */
  z
    .object({
      ...ruleBase,
      kind: z.literal('photo-roles'),
      roles: z.array(photoRoleSchema).min(1).max(PHOTO_ROLES.length),
    })
    .strict(),
]);
export type ReadinessRule = z.infer<typeof readinessRuleSchema>;
export type RuleKind = ReadinessRule['kind'];

/** The field a rule reads, if it reads one. */
const fieldOfRule = (rule: ReadinessRule): string | null =>
  rule.kind === 'field-present' || rule.kind === 'field-pattern' ? rule.field : null;

/**
 * When a rule applies: as it says, or by its field: a rule on a field of the bulk edit (filled in by partner staff
 * after submission) applies after submit, every other rule at submit.
 */
export function appliesAtOf(rule: ReadinessRule): RuleAppliesAt {
  if (rule.appliesAt) return rule.appliesAt;
  const field = fieldOfRule(rule);
  return field !== null && !isIntakeField(field) ? 'after-submit' : 'submit';
}

/** One file of a product as the rules see it. */
export interface ReadinessFile {
  fileName: string;
  /** A PDF page is artwork: it counts as an image of the product but has no pixels of its own. */
  isMarketingImage: boolean;
  /** The photo checks have not finished. */
  checksPending: boolean;
  /** Photo check codes the file failed. */
  issues: readonly string[];
  detectedUpcs: readonly string[];
  /** Pixels on the longest side of the source; null when not known (PDF, not yet read). */
  longSidePx: number | null;
  /** The product facts typed or accepted on this file (null or absent: none). */
  facts?: ProductFacts | null;
  /** What the photo shows (photo-roles.ts); absent: none. */
  roles?: readonly PhotoRole[];
  /** The roles are a proposal the photo's reading may still change (its barcode or text not read yet). */
  rolesPending?: boolean;
}

/** One product (one UPC) of a draft or a submission. */
export interface ReadinessFacts {
  upc: string;
  productName: string | null;
  shippingProfileId: number | null;
  files: readonly ReadinessFile[];
  /** The bulk edit's values (submissions only; read by after-submit rules). */
  attributes?: Partial<BulkEditValues>;
  /** Another submission to this partner has the same UPC (the server knows; the browser is told). */
  duplicateUpc?: boolean;
}

export interface RuleResult {
  code: string;
  kind: RuleKind;
  severity: RuleSeverity;
  weight: number;
  passed: boolean;
  message: string;
  fix: string;
  /** The files that fail it (photo checks), so a page can mark them. */
  fileNames: string[];
}

export interface Readiness {
  /** Whole percent of the weight that passes; 100 with no rule to judge. */
  percent: number;
  /** No blocking rule fails. */
  ready: boolean;
  version: number;
  results: RuleResult[];
  failing: RuleResult[];
  blocking: RuleResult[];
}

export interface RuleSet {
  version: number;
  rules: readonly ReadinessRule[];
}

const present = (value: unknown) => !isCellEmpty(value);

/** A field's value: after submit the bulk edit's (staff may have changed the name there), at submit the intake's. */
function fieldValue(facts: ReadinessFacts, field: string, at: RuleAppliesAt): unknown {
  if (at === 'after-submit' && facts.attributes) return facts.attributes[field as BulkEditField];
  if (field === 'upc') return facts.upc && !upcError(facts.upc) ? facts.upc : null;
  if (field === 'productName') return facts.productName;
  if (field === 'shippingProfile') return facts.shippingProfileId;
  return facts.attributes?.[field as BulkEditField];
}

/** Whether a file fails a photo check; LOW_RESOLUTION is judged against the rule's line when the size is known. */
function failsCheck(file: ReadinessFile, check: PhotoIssueCode, minLongSidePx: number | undefined) {
  if (check === 'LOW_RESOLUTION' && minLongSidePx !== undefined && file.longSidePx !== null)
    return file.longSidePx < minLongSidePx;
  return file.issues.includes(check);
}

/** The type of a file, by its name (uploads are checked to be what their names say). */
export const fileTypeOf = (fileName: string): RuleFileType => (/\.pdf$/i.test(fileName) ? 'pdf' : 'image');

/** Judges one rule. */
function judgeRule(
  rule: ReadinessRule,
  facts: ReadinessFacts,
  at: RuleAppliesAt,
): { passed: boolean; fileNames: string[]; pending?: boolean; detail?: string } {
  const ok = { passed: true, fileNames: [] as string[] };
  const fail = (fileNames: string[] = []) => ({ passed: false, fileNames });
  switch (rule.kind) {
    case 'field-present':
      return present(fieldValue(facts, rule.field, at)) ? ok : fail();
    case 'name-length': {
      const length = Array.from((facts.productName ?? '').trim()).length; // code points: an emoji counts once
      return (rule.min === undefined || length >= rule.min) && (rule.max === undefined || length <= rule.max)
        ? ok
        : fail();
    }
    case 'field-pattern': {
      const value = fieldValue(facts, rule.field, at);
      return !present(value) || matchesPattern(rule.pattern, String(value).trim()) ? ok : fail();
    }
    case 'file-type':
      return facts.files.filter((f) => fileTypeOf(f.fileName) === rule.fileType).length >= (rule.min ?? 1)
        ? ok
        : fail();
    case 'min-images':
      return facts.files.length >= rule.min ? ok : fail();
    case 'marketing-image':
      return facts.files.some((f) => f.isMarketingImage) ? ok : fail();
    case 'photo-check': {
      const pending = facts.files.filter((f) => f.checksPending).map((f) => f.fileName);
      if (pending.length) return { ...fail(pending), pending: true };
      const failing = facts.files.filter((f) => failsCheck(f, rule.check, rule.minLongSidePx));
      return failing.length ? fail(failing.map((f) => f.fileName)) : ok;
    }
    case 'code-matches-upc': {
      const codes = facts.files.flatMap((f) => f.detectedUpcs);
      // Nothing read (sides of a pack, artwork): nothing contradicts the UPC.
      return codes.length === 0 || codes.some((c) => sameUpc(c, facts.upc))
        ? ok
        : fail(facts.files.filter((f) => f.detectedUpcs.length > 0).map((f) => f.fileName));
    }
    case 'upc-prefix': {
      const ean = upcError(facts.upc) ? null : toEan13(facts.upc);
      return ean && rule.prefixes.some((p) => ean.startsWith(p)) ? ok : fail();
    }
    case 'duplicate-upc':
      return facts.duplicateUpc ? fail() : ok;
    case 'label-arithmetic': {
      // The facts of the product's first file that has any: one label a product.
      const file = facts.files.find((f) => f.facts);
      const disagreement = file?.facts ? checkLabel(file.facts, rule.check) : null;
      return disagreement ? { ...fail([file!.fileName]), detail: disagreement.message } : ok;
    }
    case 'photo-roles': {
      const missing = missingPhotoRoles(
        rule.roles,
        facts.files.map((f) => f.roles ?? []),
      );
      if (!missing.length) return ok;
      const pending = facts.files.filter((f) => f.rolesPending).map((f) => f.fileName);
      if (pending.length) return { ...fail(pending), detail: READINESS_MSG.rolesPending };
      return { ...fail(), detail: READINESS_MSG.missingRoles(missing.map((r) => PHOTO_ROLE_LABELS[r])) };
    }
  }
}

/**
 * Judges a product against the rules of a rule set that apply at one point: the score, each rule's result, what
 * fails and what blocks. At `submit` (the default) this is the supplier-facing readiness: what Enter UPC(s) shows
 * live, what Submit refuses and what a submission stores and lists show, one number on every page for the same
 * product. At `after-submit`: partner staff's work (the bulk edit), read by the partner statuses.
 */
export function judgeReadiness(facts: ReadinessFacts, ruleSet: RuleSet, at: RuleAppliesAt = 'submit'): Readiness {
  const results: RuleResult[] = [];
  for (const rule of ruleSet.rules) {
    if (appliesAtOf(rule) !== at) continue;
    const judged = judgeRule(rule, facts, at);
    const pending = judged.pending === true;
    results.push({
      code: rule.code,
      kind: rule.kind,
      severity: rule.severity,
      weight: rule.weight,
      passed: judged.passed,
      message: pending
        ? `${rule.message} ${READINESS_MSG.pending}`
        : judged.detail
          ? `${rule.message} ${judged.detail}`
          : rule.message,
      fix: pending ? READINESS_MSG.pendingFix : rule.fix,
      fileNames: judged.fileNames,
    });
  }
  const total = results.reduce((sum, r) => sum + r.weight, 0);
  const passed = results.reduce((sum, r) => sum + (r.passed ? r.weight : 0), 0);
  const failing = results.filter((r) => !r.passed);
  const blocking = failing.filter((r) => r.severity === 'blocking');
  return {
    percent: total === 0 ? 100 : Math.floor((passed * 100) / total),
    ready: blocking.length === 0,
    version: ruleSet.version,
    results,
    failing,
    blocking,
  };
}

/** What the partner's settings say, as the rules are made from them. */
export interface PartnerRuleSettings {
  fieldRules: FieldRules;
  blockingPhotoChecks: readonly string[];
  minImageLongSidePx: number;
}

const codeOf = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1-$2').toUpperCase();

const PHOTO_FIX: Record<PhotoIssueCode, string> = Object.fromEntries(
  PHOTO_ISSUE_CODES.map((code) => {
    const fix = PHOTO_ISSUE_MSG[code]().replace(/^[^:]+:\s*/, '');
    return [code, fix.charAt(0).toUpperCase() + fix.slice(1)];
  }),
) as Record<PhotoIssueCode, string>;

/** The rules a partner's settings imply, before any rule of its own (their codes are reserved). */
export function impliedRules(settings: PartnerRuleSettings): ReadinessRule[] {
  const rules: ReadinessRule[] = [
    {
      code: 'R-FLD-UPC',
      kind: 'field-present',
      field: 'upc',
      severity: 'blocking',
      weight: 1,
      message: 'The UPC is missing or not valid.',
      fix: 'Type the UPC printed under the barcode on the pack.',
    },
  ];
  if (isFieldRequired(settings.fieldRules, 'productName'))
    rules.push({
      code: 'R-FLD-PRODUCT-NAME',
      kind: 'field-present',
      field: 'productName',
      severity: 'blocking',
      weight: 1,
      message: 'The product name is missing.',
      fix: 'Type the product name as printed on the pack, the same for every picture of it.',
    });
  if (isFieldRequired(settings.fieldRules, 'shippingProfile'))
    rules.push({
      code: 'R-FLD-SHIPPING-PROFILE',
      kind: 'field-present',
      field: 'shippingProfile',
      severity: 'blocking',
      weight: 1,
      message: 'No shipping profile is chosen.',
      fix: 'Choose a shipping profile for the product.',
    });
  rules.push({
    code: 'R-IMG-MARKETING',
    kind: 'marketing-image',
    severity: 'blocking',
    weight: 1,
    message: 'No marketing image is chosen.',
    fix: 'Tick Marketing image on the picture(s) to use for the product.',
  });
  for (const check of PHOTO_ISSUE_CODES) {
    if (!settings.blockingPhotoChecks.includes(check)) continue;
    rules.push({
      code: `R-PHOTO-${check.replace(/_/g, '-')}`,
      kind: 'photo-check',
      check,
      ...(check === 'LOW_RESOLUTION' && { minLongSidePx: settings.minImageLongSidePx }),
      severity: 'blocking',
      weight: 1,
      message: `${PHOTO_ISSUE_LABELS[check]}: a photo fails this check.`,
      fix: check === 'LOW_RESOLUTION' ? lowResolutionFix(settings.minImageLongSidePx) : PHOTO_FIX[check],
    });
  }
  for (const step of visibleBulkEditSteps(settings.fieldRules))
    for (const column of bulkEditColumns(step, settings.fieldRules)) {
      if (!column.required) continue;
      rules.push({
        code: `R-ATTR-${codeOf(column.field)}`,
        kind: 'field-present',
        field: column.field,
        appliesAt: 'after-submit',
        severity: 'blocking',
        weight: 1,
        message: BULK_EDIT_MSG.required(column.label),
        fix: `Fill in ${column.label} in the bulk edit.`,
      });
    }
  return rules;
}

export const lowResolutionFix = (minLongSidePx: number) =>
  `Upload a photo with at least ${minLongSidePx} pixels on its longest side: the original, not a copy sent by chat or e-mail.`;

/** The effective rule set: what the settings imply, then the partner's own rules of its latest version. */
export const effectiveRuleSet = (
  settings: PartnerRuleSettings,
  own: readonly ReadinessRule[],
  version: number,
): RuleSet => ({ version, rules: [...impliedRules(settings), ...own] });

/** The codes of the rules a partner's settings imply: reserved, never a rule of its own. */
export const IMPLIED_RULE_CODE = /^R-(FLD-(UPC|PRODUCT-NAME|SHIPPING-PROFILE)|IMG-MARKETING|PHOTO-|ATTR-)/;

/** What each kind of rule checks, as the rule editor names it. */
export const RULE_KIND_LABELS: Record<RuleKind, string> = {
  'field-present': 'A field is filled in',
  'min-images': 'At least this many images',
  'marketing-image': 'A marketing image is chosen',
  'photo-check': 'Every photo passes a photo check',
  'code-matches-upc': 'The barcode in the photos matches the UPC',
  'upc-prefix': 'The UPC starts with one of these prefixes',
  'duplicate-upc': 'No other submission to this partner has the UPC',
  'name-length': 'The product name is within a length',
  'field-pattern': 'A field, when filled in, has a format',
  'file-type': 'At least one file of a type (e.g. a PDF spec sheet)',
  'label-arithmetic': "The label's numbers add up (calories, sugars, fats, % daily values, servings)",
  'photo-roles': 'Photos show these faces (front, nutrition panel…)',
};

/** A partner's own rules as sent: each checked, then the set as a whole; the first problem names its rule. */
export const ownRulesInputSchema = z
  .array(readinessRuleSchema)
  .max(100)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    const reserved = IMPLIED_RULE_CODE;
    for (const [i, rule] of rules.entries()) {
      const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: [i] });
      if (seen.has(rule.code)) issue(READINESS_MSG.duplicateCode(rule.code));
      seen.add(rule.code);
      if (reserved.test(rule.code)) issue(READINESS_MSG.impliedCode(rule.code));
      const field = fieldOfRule(rule);
      if (field !== null && !RULE_FIELDS.includes(field)) issue(READINESS_MSG.unknownField(rule.code, field));
      else if (field !== null && rule.appliesAt === 'submit' && !isIntakeField(field))
        issue(READINESS_MSG.fieldAfterSubmit(rule.code, field));
      if (rule.kind === 'name-length' && rule.min === undefined && rule.max === undefined)
        issue(READINESS_MSG.lengthBoundRequired(rule.code));
      if (rule.kind === 'name-length' && rule.min !== undefined && rule.max !== undefined && rule.min > rule.max)
        issue(READINESS_MSG.lengthOrder(rule.code));
      if (rule.kind === 'field-pattern') {
        const problem = patternProblem(rule.pattern);
        if (problem) issue(`${rule.code}: ${problem}`);
      }
      if (rule.kind === 'file-type' && (rule.min ?? 1) > MAX_FILES_PER_DRAFT)
        issue(READINESS_MSG.tooManyImages(rule.code));
      if (rule.kind === 'min-images' && rule.min > MAX_FILES_PER_DRAFT) issue(READINESS_MSG.tooManyImages(rule.code));
    }
  });

/** The specification's partner statuses, one per attribute rule, from the same results (docs/decisions/readiness.md). */
export function partnerStatusesOf(afterSubmit: Readiness, ruleSet: RuleSet): PartnerStatus[] {
  const attribute = new Set(ruleSet.rules.filter((r) => appliesAtOf(r) === 'after-submit').map((r) => r.code));
  const labels = new Map(
    Object.values(BULK_EDIT_COLUMNS)
      .flat()
      .map((c) => [c.field as string, c.label]),
  );
  const fieldOf = new Map(ruleSet.rules.map((r) => [r.code, fieldOfRule(r) ?? '']));
  return afterSubmit.results
    .filter((r) => attribute.has(r.code))
    .map((r) => {
      if (r.passed) return { type: 'Pass', message: `${labels.get(fieldOf.get(r.code)!) ?? r.code} is provided` };
      const type = r.severity === 'blocking' ? 'Fail' : r.severity === 'warning' ? 'Warn' : 'Info';
      return { type, message: r.message };
    });
}

/** Files of a draft grouped into products by EAN-13 (the way Submit groups them); invalid UPCs stay alone. */
export function productsOfDraft<F extends { fileName: string; upc: string }>(files: readonly F[]): F[][] {
  const groups = new Map<string, F[]>();
  for (const f of files) {
    const key = (upcError(f.upc) ? null : toEan13(f.upc)) ?? `file:${f.fileName}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return [...groups.values()];
}

/** The photo checks a draft's partner makes blocking, found on a file: for a mark beside it before Submit. */
export const blockingChecksOfFile = (issues: readonly { code: string }[], rules: readonly ReadinessRule[]) =>
  issues.filter((i) => rules.some((r) => r.kind === 'photo-check' && r.severity === 'blocking' && r.check === i.code));

/**
 * The partner statuses of a submission's attribute values (part 2 section 3): one per attribute rule of the partner's
 * rule set (the required, visible bulk-edit fields its settings imply, and its own), judged by the rule engine. []
 * without a partner configuration (N/A).
 */
export function partnerStatusesFor(row: Partial<BulkEditValues>, ruleSet: RuleSet | null): PartnerStatus[] {
  if (!ruleSet) return [];
  const attributeRules: RuleSet = {
    version: ruleSet.version,
    rules: ruleSet.rules.filter((r) => appliesAtOf(r) === 'after-submit'),
  };
  const facts: ReadinessFacts = {
    upc: '',
    productName: null,
    shippingProfileId: null,
    files: [],
    attributes: row,
  };
  return partnerStatusesOf(judgeReadiness(facts, attributeRules, 'after-submit'), attributeRules);
}

/** The partner statuses from field rules alone (the rules they imply; no rule of the partner's own). */
export const computePartnerStatuses = (row: Partial<BulkEditValues>, rules: FieldRules | null): PartnerStatus[] =>
  partnerStatusesFor(
    row,
    rules && { version: 0, rules: impliedRules({ fieldRules: rules, blockingPhotoChecks: [], minImageLongSidePx: 0 }) },
  );

/** A draft file as the API answers it (GraphQL DraftFile), with the UPC as typed: what the rules read of it. */
export interface DraftFileFacts {
  fileName: string;
  upc: string | null;
  productName: string | null;
  shippingProfileId: number | null;
  isMarketingImage: boolean;
  detectionStatus: string;
  detectedUpcs: readonly string[];
  qualityIssues: readonly { code: string }[];
  longSidePx: number | null;
  facts?: ProductFacts | null;
  /** The photo's roles as the API answers them (the supplier's, else the proposal); absent: none. */
  photoRoles?: readonly PhotoRole[];
  /** Whether the supplier chose them (a choice is final; a proposal may change while the photo is read). */
  photoRolesChosen?: boolean;
  /** pending while the photo's text is read (null or absent: not read). */
  factReadingStatus?: string | null;
}

/** A file as the API answers it, as the rules read it. */
const readinessFileOf = (f: Omit<DraftFileFacts, 'upc' | 'productName' | 'shippingProfileId'>): ReadinessFile => ({
  fileName: f.fileName,
  isMarketingImage: f.isMarketingImage,
  checksPending: f.detectionStatus === 'pending',
  issues: f.qualityIssues.map((i) => i.code),
  detectedUpcs: f.detectedUpcs,
  longSidePx: f.longSidePx,
  facts: f.facts ?? null,
  roles: f.photoRoles ?? [],
  rolesPending: !f.photoRolesChosen && (f.detectionStatus === 'pending' || f.factReadingStatus === 'pending'),
});

/** What the photo pipeline knows of a stored file, for its proposed roles. */
export interface StoredPhotoSignals {
  fileName: string;
  kind: string;
  isMarketingImage: boolean;
  detectedUpcs: readonly string[];
  factReadings: readonly { field: FactField }[];
  photoRoles: readonly PhotoRole[] | null;
}

/**
 * The roles of each file of one product (a draft's files of one UPC, or a submission's files), in its order, as the
 * API answers them (a PDF page has none).
 */
export const rolesOfProductFiles = (files: readonly StoredPhotoSignals[]): PhotoRole[][] =>
  photoRoles(
    files.map((f) => ({
      isPhoto: f.kind !== 'pdf',
      isMarketingImage: f.isMarketingImage,
      detectedUpcs: f.detectedUpcs,
      readFields: f.factReadings.map((r) => r.field),
      chosen: f.photoRoles,
    })),
  );

/** The roles of each file of a draft by file name, its files grouped into products by UPC (typed, else read). */
export function rolesOfDraftFiles(
  files: readonly (StoredPhotoSignals & { upc: string | null })[],
): Map<string, PhotoRole[]> {
  // Grouped by the UPC Submit takes for each file, so the roles kept at Submit are the ones shown.
  const typed = files.map((f) => ({ ...f, upc: effectiveUpc({ upc: f.upc, detectedUpc: f.detectedUpcs[0] ?? null }) }));
  const roles = new Map<string, PhotoRole[]>();
  for (const group of productsOfDraft(typed)) {
    const each = rolesOfProductFiles(group);
    group.forEach((f, i) => roles.set(f.fileName, each[i]));
  }
  return roles;
}

/**
 * The roles a submission keeps of each draft file at Submit: the supplier's choice, or the proposal once the photo's
 * barcode and text are read. A proposal made while the photo is still read is not kept (null): the submission
 * proposes again from its own reading when that ends, rather than keep a guess made before it.
 */
export function rolesKeptAtSubmit(
  files: readonly (StoredPhotoSignals & { upc: string | null; detectionStatus: string; factReadingStatus: string })[],
): Map<string, PhotoRole[] | null> {
  const roles = rolesOfDraftFiles(files);
  const settled = (f: (typeof files)[number]) =>
    f.photoRoles !== null || (f.detectionStatus !== 'pending' && f.factReadingStatus !== 'pending');
  return new Map(files.map((f) => [f.fileName, settled(f) ? (roles.get(f.fileName) ?? null) : null]));
}

export interface ProductReadiness {
  upc: string;
  fileNames: string[];
  readiness: Readiness;
}

/**
 * Each product of a draft (its files grouped by UPC, as Submit groups them) judged against the partner's rules. The
 * page calls it on every keystroke and the server on Submit and in the API: one answer for the same draft.
 * duplicateUpcs: EAN-13 codes another submission to this partner already has.
 */
export function draftReadiness(
  files: readonly DraftFileFacts[],
  ruleSet: RuleSet,
  duplicateUpcs: ReadonlySet<string> = new Set(),
): ProductReadiness[] {
  const typed = files.map((f) => ({ ...f, upc: (f.upc ?? '').replace(/\D/g, '') }));
  return productsOfDraft(typed).map((group) => {
    const upc = group[0].upc;
    const facts: ReadinessFacts = {
      upc,
      // As Submit: every file of the product carries the name (and a profile), or the product has none.
      productName: group.every((f) => f.productName?.trim()) ? group[0].productName!.trim() : null,
      shippingProfileId: group.every((f) => f.shippingProfileId != null) ? group[0].shippingProfileId : null,
      files: group.map(readinessFileOf),
      duplicateUpc: duplicateUpcs.has((upcError(upc) ? null : toEan13(upc)) ?? ''),
    };
    return { upc, fileNames: group.map((f) => f.fileName), readiness: judgeReadiness(facts, ruleSet) };
  });
}

/**
 * Why Submit is refused by the partner's blocking rules, or null: the page says it before sending and the server
 * answers it, in the same words. A blocking photo check names its file and the check's fix, as it always did.
 */
export function readinessRefusal(
  products: readonly ProductReadiness[],
  files: readonly {
    fileName: string;
    detectionStatus: string;
    qualityIssues: readonly { code: string; message: string }[];
  }[],
  ruleSet: RuleSet,
): { code: 'PHOTO_CHECKS_BLOCK' | 'READINESS_BLOCKS'; messages: string[] } | null {
  const blocked = products.filter((p) => p.readiness.blocking.length > 0);
  if (!blocked.length) return null;
  const photo = blocked.flatMap((p) => p.readiness.blocking).find((r) => r.kind === 'photo-check');
  if (photo) {
    const file = files.find((f) => f.fileName === photo.fileNames[0]);
    if (!file || file.detectionStatus === 'pending')
      return { code: 'PHOTO_CHECKS_BLOCK', messages: [PHOTO_BLOCK_MSG.pending(photo.fileNames[0] ?? '')] };
    const rule = ruleSet.rules.find((r) => r.code === photo.code);
    const issue = file.qualityIssues.find((i) => rule?.kind === 'photo-check' && i.code === rule.check);
    const why = issue?.message ?? `${photo.message} ${photo.fix}`;
    return { code: 'PHOTO_CHECKS_BLOCK', messages: [PHOTO_BLOCK_MSG.blocked(file.fileName, why)] };
  }
  return {
    code: 'READINESS_BLOCKS',
    messages: blocked.map((p) => READINESS_MSG.blocksSubmit(p.upc, p.readiness.blocking)),
  };
}

/** A submitted product as the rules read it: its files as stored, its bulk-edit values, whether its UPC repeats. */
export interface SubmissionFacts {
  upc: string;
  productName: string | null;
  shippingProfileId: number | null;
  files: readonly Omit<DraftFileFacts, 'upc' | 'productName' | 'shippingProfileId'>[];
  attributes: Partial<BulkEditValues>;
  duplicateUpc: boolean;
}

/**
 * A submission judged against the partner's rules that apply at one point: at `submit` (the default) the same
 * judgement as its draft's on Enter UPC(s) (draftReadiness), the supplier-facing score; `after-submit` for the
 * partner statuses.
 */
export const submissionReadiness = (s: SubmissionFacts, ruleSet: RuleSet, at: RuleAppliesAt = 'submit'): Readiness =>
  judgeReadiness(
    {
      upc: s.upc,
      productName: s.productName,
      shippingProfileId: s.shippingProfileId,
      files: s.files.map(readinessFileOf),
      attributes: s.attributes,
      duplicateUpc: s.duplicateUpc,
    },
    ruleSet,
    at,
  );
