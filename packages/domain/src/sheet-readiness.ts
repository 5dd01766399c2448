import { judgeReadiness, type ReadinessRule, type RuleResult, type RuleSet } from './readiness.ts';

/**
 * A partner's readiness rules as a sheet's dry run can judge them: what a row gives (UPC, name, the photos it will
 * have). Rules about what only a draft holds are judged there, not on the sheet: the photo checks and the code read
 * from a photo (no photo has been checked for the row yet), label arithmetic (facts read from photos), and the
 * shipping profile (chosen on the draft; a sheet has no column for it).
 */
const judgedOnTheDraft = (rule: ReadinessRule) =>
  rule.kind === 'photo-check' ||
  rule.kind === 'code-matches-upc' ||
  rule.kind === 'label-arithmetic' ||
  ((rule.kind === 'field-present' || rule.kind === 'field-pattern') && rule.field === 'shippingProfile');

export const sheetRuleSet = (ruleSet: RuleSet): RuleSet => ({
  version: ruleSet.version,
  rules: ruleSet.rules.filter((r) => !judgedOnTheDraft(r)),
});

/** The rules a row fails, judged as its draft will be at Submit: blocking ones block the row, others warn. */
export function sheetRowReadiness(
  row: { upc: string; productName: string | null; photos: readonly string[]; duplicateUpc: boolean },
  ruleSet: RuleSet,
): RuleResult[] {
  const readiness = judgeReadiness(
    {
      upc: row.upc,
      productName: row.productName,
      shippingProfileId: null,
      duplicateUpc: row.duplicateUpc,
      files: row.photos.map((fileName, i) => ({
        fileName,
        isMarketingImage: i === 0,
        checksPending: false,
        issues: [],
        detectedUpcs: [],
        longSidePx: null,
      })),
    },
    ruleSet,
  );
  return readiness.failing;
}
