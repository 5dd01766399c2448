import { describe, expect, it } from 'vitest';
import { computePartnerStatuses } from './readiness.ts';
import { PHOTO_BLOCK_MSG, PHOTO_ISSUE_MSG } from './photo-checks.ts';
import {
  draftReadiness,
  readinessRefusal,
  effectiveRuleSet,
  impliedRules,
  appliesAtOf,
  judgeReadiness,
  ownRulesInputSchema,
  submissionReadiness,
  partnerStatusesOf,
  type ReadinessFacts,
  type ReadinessFile,
  type ReadinessRule,
} from './readiness.ts';
import { READINESS_FIXTURE, readinessSummary } from './readiness.fixture.ts';
import { READINESS_MSG, type RuleSeverity } from './readiness-messages.ts';
import { PATTERN_MSG } from './safe-pattern.ts';
import { partnerStatusLabel } from './statuses.ts';

const file = (over: Partial<ReadinessFile> = {}): ReadinessFile => ({
  fileName: 'front.jpg',
  isMarketingImage: true,
  checksPending: false,
  issues: [],
  detectedUpcs: [],
  longSidePx: 3000,
  ...over,
});
const facts = (over: Partial<ReadinessFacts> = {}): ReadinessFacts => ({
  upc: '036000291452',
  productName: 'Oat Crisps',
  shippingProfileId: 7,
  files: [file()],
  ...over,
});
const base = { message: 'm', fix: 'f', weight: 1 } as const;
const one = (rule: ReadinessRule, f: ReadinessFacts) => judgeReadiness(f, { version: 1, rules: [rule] });
const passes = (rule: ReadinessRule, f: ReadinessFacts) => one(rule, f).results[0].passed;
const passesAfterSubmit = (rule: ReadinessRule, f: ReadinessFacts) =>
  judgeReadiness(f, { version: 1, rules: [rule] }, 'after-submit').results[0].passed;

describe('every rule kind', () => {
  it('field-present: UPC (valid only), product name, shipping profile; bulk-edit fields after submit only', () => {
    const upc: ReadinessRule = { ...base, code: 'R-A', kind: 'field-present', field: 'upc', severity: 'blocking' };
    expect(passes(upc, facts())).toBe(true);
    expect(passes(upc, facts({ upc: '036000291453' }))).toBe(false);
    const name: ReadinessRule = { ...upc, field: 'productName' };
    expect(passes(name, facts({ productName: null }))).toBe(false);
    const shipping: ReadinessRule = { ...upc, field: 'shippingProfile' };
    expect(passes(shipping, facts({ shippingProfileId: null }))).toBe(false);
    const brand: ReadinessRule = { ...upc, field: 'companyName' };
    expect(appliesAtOf(brand)).toBe('after-submit');
    expect(one(brand, facts({ attributes: { companyName: ' ' } })).results).toEqual([]); // not judged at submit
    expect(passesAfterSubmit(brand, facts({ attributes: { companyName: 'Acme' } }))).toBe(true);
    expect(passesAfterSubmit(brand, facts({ attributes: { companyName: ' ' } }))).toBe(false);
  });

  it('min-images and marketing-image', () => {
    const min: ReadinessRule = { ...base, code: 'R-IMG-MIN-2', kind: 'min-images', min: 2, severity: 'blocking' };
    expect(passes(min, facts())).toBe(false);
    expect(passes(min, facts({ files: [file(), file({ fileName: 'back.jpg' })] }))).toBe(true);
    const marketing: ReadinessRule = { ...base, code: 'R-M', kind: 'marketing-image', severity: 'blocking' };
    expect(passes(marketing, facts({ files: [file({ isMarketingImage: false })] }))).toBe(false);
    expect(passes(marketing, facts())).toBe(true);
  });

  it('photo-check: names the failing files; a file still being checked fails as pending', () => {
    const blurry: ReadinessRule = { ...base, code: 'R-B', kind: 'photo-check', check: 'BLURRY', severity: 'warning' };
    const judged = one(blurry, facts({ files: [file(), file({ fileName: 'b.jpg', issues: ['BLURRY'] })] }));
    expect(judged.results[0]).toMatchObject({ passed: false, fileNames: ['b.jpg'] });
    const pending = one(blurry, facts({ files: [file({ checksPending: true })] }));
    expect(pending.results[0]).toMatchObject({ passed: false, fix: READINESS_MSG.pendingFix });
  });

  it("photo-check LOW_RESOLUTION: the partner's own line, judged on the file's pixels", () => {
    const rule = (line: number): ReadinessRule => ({
      ...base,
      code: 'R-RES',
      kind: 'photo-check',
      check: 'LOW_RESOLUTION',
      minLongSidePx: line,
      severity: 'blocking',
    });
    const photo = facts({ files: [file({ longSidePx: 1200, issues: ['LOW_RESOLUTION'] })] });
    expect(passes(rule(1000), photo)).toBe(true); // the stored issue was judged on another line
    expect(passes(rule(2400), photo)).toBe(false);
    // Size unknown (a PDF page): the stored verdict stands.
    expect(passes(rule(1000), facts({ files: [file({ longSidePx: null })] }))).toBe(true);
  });

  it('code-matches-upc: a code read and none of them the UPC fails; nothing read passes', () => {
    const rule: ReadinessRule = { ...base, code: 'R-C', kind: 'code-matches-upc', severity: 'warning' };
    expect(passes(rule, facts({ files: [file({ detectedUpcs: ['0036000291452'] })] }))).toBe(true);
    expect(passes(rule, facts({ files: [file({ detectedUpcs: ['4006381333931'] })] }))).toBe(false);
    expect(passes(rule, facts())).toBe(true);
  });

  it('upc-prefix on the EAN-13 form, and duplicate-upc', () => {
    const prefix: ReadinessRule = {
      ...base,
      code: 'R-P',
      kind: 'upc-prefix',
      prefixes: ['00', '03'],
      severity: 'info',
    };
    expect(passes(prefix, facts())).toBe(true);
    expect(passes(prefix, facts({ upc: '4006381333931' }))).toBe(false);
    const dup: ReadinessRule = { ...base, code: 'R-D', kind: 'duplicate-upc', severity: 'warning' };
    expect(passes(dup, facts({ duplicateUpc: true }))).toBe(false);
    expect(passes(dup, facts())).toBe(true);
  });
});

describe('severities and the score', () => {
  it.each<[RuleSeverity, boolean]>([
    ['blocking', false],
    ['warning', true],
    ['info', true],
  ])('a failing %s rule: ready is %s', (severity, ready) => {
    const rule: ReadinessRule = { ...base, code: 'R-M', kind: 'marketing-image', severity, weight: 3 };
    const judged = judgeReadiness(facts({ files: [file({ isMarketingImage: false })] }), {
      version: 1,
      rules: [rule, { ...base, code: 'R-U', kind: 'field-present', field: 'upc', severity: 'blocking' }],
    });
    expect(judged.ready).toBe(ready);
    expect(judged.percent).toBe(25); // 1 of 4 weight passes
    expect(judged.failing.map((r) => r.code)).toEqual(['R-M']);
    expect(judged.blocking.map((r) => r.code)).toEqual(severity === 'blocking' ? ['R-M'] : []);
  });

  it('no rule to judge is 100%', () => {
    expect(judgeReadiness(facts(), { version: 0, rules: [] }).percent).toBe(100);
  });
});

describe('the rules the settings imply (behaviour kept)', () => {
  it('required fields, the marketing image and blocking photo checks, with their thresholds', () => {
    const rules = impliedRules({
      fieldRules: { productName: { required: false } },
      blockingPhotoChecks: ['LOW_RESOLUTION', 'BLURRY'],
      minImageLongSidePx: 1500,
    });
    const codes = rules.map((r) => r.code);
    expect(codes.slice(0, 5)).toEqual([
      'R-FLD-UPC',
      'R-FLD-SHIPPING-PROFILE',
      'R-IMG-MARKETING',
      'R-PHOTO-LOW-RESOLUTION',
      'R-PHOTO-BLURRY',
    ]);
    expect(rules.find((r) => r.code === 'R-PHOTO-LOW-RESOLUTION')).toMatchObject({ minLongSidePx: 1500 });
    expect(codes).toContain('R-ATTR-MSRP');
    expect(rules.every((r) => r.severity === 'blocking')).toBe(true);
  });

  it('partner statuses come from the attribute rules: Pass, and Fail/Warn/Info by severity', () => {
    const settings = { fieldRules: {}, blockingPhotoChecks: [], minImageLongSidePx: 1000 };
    const own: ReadinessRule[] = [
      { ...base, code: 'R-BRAND', kind: 'field-present', field: 'companyName', severity: 'warning', message: 'Brand?' },
      { ...base, code: 'R-SIZE', kind: 'field-present', field: 'size', severity: 'info', message: 'Size?' },
    ];
    const set = effectiveRuleSet(settings, own, 2);
    const judged = judgeReadiness(facts({ attributes: { productName: 'x', msrp: null } }), set, 'after-submit');
    const statuses = partnerStatusesOf(judged, set);
    expect(statuses).toContainEqual({ type: 'Pass', message: 'Product Name is provided' });
    expect(statuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });
    expect(statuses.slice(-2)).toEqual([
      { type: 'Warn', message: 'Brand?' },
      { type: 'Info', message: 'Size?' },
    ]);
    expect(partnerStatusLabel(computePartnerStatuses({ productName: 'x' }, null))).toBe('N/A');
  });
});

describe("a partner's own rules as sent", () => {
  const rule = { ...base, code: 'R-X', kind: 'min-images', min: 2, severity: 'blocking' };
  const { min: _min, ...noMin } = rule;
  const problems = (rules: unknown) => {
    const parsed = ownRulesInputSchema.safeParse(rules);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it('refuses a rule that cannot be satisfied, an unknown field, a repeated or reserved code', () => {
    expect(problems([rule])).toEqual([]);
    expect(problems([{ ...rule, min: 11 }])).toEqual([READINESS_MSG.tooManyImages('R-X')]);
    expect(problems([{ ...noMin, kind: 'field-present', field: 'colour' }])).toEqual([
      READINESS_MSG.unknownField('R-X', 'colour'),
    ]);
    expect(problems([rule, rule])).toEqual([READINESS_MSG.duplicateCode('R-X')]);
    expect(problems([{ ...rule, code: 'R-PHOTO-BLURRY' }])).toEqual([READINESS_MSG.impliedCode('R-PHOTO-BLURRY')]);
    expect(problems([{ ...rule, code: 'img-min' }])).toEqual([READINESS_MSG.codeFormat]);
    expect(problems([{ ...rule, message: ' ' }])).toEqual([READINESS_MSG.messageRequired]);
    expect(problems([{ ...rule, fix: '' }])).toEqual([READINESS_MSG.fixRequired]);
    expect(problems([{ ...noMin, kind: 'photo-check', check: 'LOW_RESOLUTION', minLongSidePx: 50 }])).toEqual([
      READINESS_MSG.threshold,
    ]);
  });
});

describe('the shared fixture', () => {
  it('gives the expected result (the page and the server are tested against the same)', () => {
    const f = READINESS_FIXTURE;
    const set = effectiveRuleSet(f.settings, f.ownRules, f.version);
    expect(readinessSummary(draftReadiness(f.files, set))).toEqual(f.expected);
  });
});

describe('why Submit is refused (the page and the server say the same)', () => {
  const settings = { fieldRules: {}, blockingPhotoChecks: ['BLURRY'], minImageLongSidePx: 1000 };
  const file = {
    fileName: 'front.jpg',
    upc: '036000291452',
    productName: 'Soup',
    shippingProfileId: 3,
    isMarketingImage: true,
    detectionStatus: 'done',
    detectedUpcs: [],
    qualityIssues: [] as { code: string; message: string }[],
    longSidePx: 3000,
  };
  const refusal = (files: (typeof file)[], own: ReadinessRule[] = []) => {
    const set = effectiveRuleSet(settings, own, 1);
    return readinessRefusal(draftReadiness(files, set), files, set);
  };

  it('nothing blocking: null', () => {
    expect(refusal([file])).toBeNull();
  });

  it('a blocking photo check names the file and the fix; a file still being read says to wait', () => {
    const blurry = { code: 'BLURRY', message: PHOTO_ISSUE_MSG.BLURRY() };
    expect(refusal([{ ...file, qualityIssues: [blurry] }])).toEqual({
      code: 'PHOTO_CHECKS_BLOCK',
      messages: [PHOTO_BLOCK_MSG.blocked('front.jpg', blurry.message)],
    });
    expect(refusal([{ ...file, detectionStatus: 'pending' }])?.messages).toEqual([
      PHOTO_BLOCK_MSG.pending('front.jpg'),
    ]);
  });

  it("a partner's own blocking rule is named with its code and fix, per product", () => {
    const rule: ReadinessRule = { ...base, code: 'R-IMG-MIN-2', kind: 'min-images', min: 2, severity: 'blocking' };
    expect(refusal([file], [rule])).toEqual({
      code: 'READINESS_BLOCKS',
      messages: [READINESS_MSG.blocksSubmit('036000291452', [rule])],
    });
  });
});

describe('at submit or after submit: what the supplier is told', () => {
  /** The demo partner's settings: its field rules leave every bulk-edit column required (18 of them visible). */
  const demo = {
    fieldRules: { productName: { required: true }, shippingProfile: { required: false } },
    blockingPhotoChecks: [],
    minImageLongSidePx: 1000,
  };
  const draftFile = {
    fileName: 'front.jpg',
    upc: '036000291452',
    productName: 'Oat Crisps',
    shippingProfileId: null,
    isMarketingImage: true,
    detectionStatus: 'done',
    detectedUpcs: [] as string[],
    qualityIssues: [] as { code: string }[],
    longSidePx: 3000,
  };

  it('the rules a bulk-edit column implies apply after submit; the UPC, name, images and photos at submit', () => {
    const rules = impliedRules(demo);
    const after = rules.filter((r) => appliesAtOf(r) === 'after-submit');
    expect(after.length).toBeGreaterThanOrEqual(18);
    expect(after.every((r) => r.code.startsWith('R-ATTR-'))).toBe(true);
    expect(rules.filter((r) => appliesAtOf(r) === 'submit').map((r) => r.code)).toEqual([
      'R-FLD-UPC',
      'R-FLD-PRODUCT-NAME',
      'R-IMG-MARKETING',
    ]);
  });

  it('the same product scores the same on Enter UPC(s) and once submitted: no bulk-edit rule in the score', () => {
    const set = effectiveRuleSet(demo, [], 0);
    const [draft] = draftReadiness([draftFile], set);
    const submitted = submissionReadiness(
      {
        upc: draftFile.upc,
        productName: draftFile.productName,
        shippingProfileId: null,
        files: [draftFile],
        attributes: { productName: 'Oat Crisps' },
        duplicateUpc: false,
      },
      set,
    );
    expect(draft.readiness.percent).toBe(100);
    expect(submitted).toEqual(draft.readiness);
    // Staff's work is judged apart, for the partner statuses: the bulk edit's fields are still empty.
    const staff = submissionReadiness(
      { ...draftFile, upc: draftFile.upc, files: [], attributes: {}, duplicateUpc: false },
      set,
      'after-submit',
    );
    expect(staff.failing.length).toBeGreaterThanOrEqual(17);
  });

  it('a rule on a bulk-edit field may not apply at submit: the supplier cannot fill it in', () => {
    const brand = { ...base, code: 'R-BRAND', kind: 'field-present', field: 'companyName', severity: 'blocking' };
    const parsed = ownRulesInputSchema.safeParse([{ ...brand, appliesAt: 'submit' }]);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual([
      READINESS_MSG.fieldAfterSubmit('R-BRAND', 'companyName'),
    ]);
    expect(ownRulesInputSchema.safeParse([{ ...brand, appliesAt: 'after-submit' }]).success).toBe(true);
  });

  it('a product name rule may be made to apply after submit: then it is staff who fix it, on the bulk edit', () => {
    const name: ReadinessRule = {
      ...base,
      code: 'R-NAME',
      kind: 'name-length',
      max: 10,
      severity: 'blocking',
      appliesAt: 'after-submit',
    };
    expect(one(name, facts({ productName: 'A very long product name' })).results).toEqual([]);
    expect(
      passesAfterSubmit(
        { ...name, kind: 'field-pattern', field: 'productName', pattern: '[A-Z].*' } as ReadinessRule,
        facts({ attributes: { productName: 'oats' } }),
      ),
    ).toBe(false);
  });
});

describe('the new rule kinds', () => {
  it('name-length: code points of the trimmed name, least and greatest', () => {
    const rule: ReadinessRule = { ...base, code: 'R-NL', kind: 'name-length', min: 3, max: 10, severity: 'warning' };
    expect(passes(rule, facts({ productName: 'Oats' }))).toBe(true);
    expect(passes(rule, facts({ productName: 'Oa' }))).toBe(false);
    expect(passes(rule, facts({ productName: 'Oat Crisps!' }))).toBe(false);
    expect(passes(rule, facts({ productName: '🍪🍪🍪' }))).toBe(true); // 3 characters, 6 UTF-16 units
    expect(passes(rule, facts({ productName: null }))).toBe(false);
    expect(passes({ ...rule, min: undefined }, facts({ productName: null }))).toBe(true);
  });

  it('field-pattern: the whole value must match; an empty field passes (field-present asks for it)', () => {
    const rule: ReadinessRule = {
      ...base,
      code: 'R-NAME-CAPS',
      kind: 'field-pattern',
      field: 'productName',
      pattern: '[A-Z][^!?]*',
      severity: 'warning',
    };
    expect(passes(rule, facts({ productName: 'Oat Crisps' }))).toBe(true);
    expect(passes(rule, facts({ productName: 'oat crisps' }))).toBe(false);
    expect(passes(rule, facts({ productName: 'Oat Crisps!' }))).toBe(false);
    expect(passes(rule, facts({ productName: null }))).toBe(true);
    const size: ReadinessRule = { ...rule, code: 'R-SIZE', field: 'size', pattern: '\\d+(\\.\\d{1,2})?' };
    expect(passesAfterSubmit(size, facts({ attributes: { size: 12.5 } }))).toBe(true);
    expect(passesAfterSubmit(size, facts({ attributes: { size: 12.345 } }))).toBe(false);
  });

  it('file-type: a PDF spec sheet among the files, or at least n photos', () => {
    const pdf: ReadinessRule = { ...base, code: 'R-SPEC', kind: 'file-type', fileType: 'pdf', severity: 'blocking' };
    expect(passes(pdf, facts())).toBe(false);
    expect(passes(pdf, facts({ files: [file(), file({ fileName: 'spec.PDF', isMarketingImage: false })] }))).toBe(true);
    const photos: ReadinessRule = { ...pdf, code: 'R-PHOTOS', fileType: 'image', min: 2 };
    expect(passes(photos, facts({ files: [file(), file({ fileName: 'spec.pdf' })] }))).toBe(false);
    expect(passes(photos, facts({ files: [file(), file({ fileName: 'back.png' })] }))).toBe(true);
  });

  it('refuses a name length without bounds or the wrong way round, and an unsafe or invalid pattern', () => {
    const problems = (rule: object) => {
      const parsed = ownRulesInputSchema.safeParse([{ ...base, code: 'R-X', severity: 'warning', ...rule }]);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(problems({ kind: 'name-length' })).toEqual([READINESS_MSG.lengthBoundRequired('R-X')]);
    expect(problems({ kind: 'name-length', min: 9, max: 3 })).toEqual([READINESS_MSG.lengthOrder('R-X')]);
    expect(problems({ kind: 'field-pattern', field: 'productName', pattern: '(a+)+b' })).toEqual([
      `R-X: ${PATTERN_MSG.nested}`,
    ]);
    expect(problems({ kind: 'field-pattern', field: 'productName', pattern: '[a' })[0]).toMatch(
      /^R-X: The pattern is not a valid regular expression/,
    );
    expect(problems({ kind: 'field-pattern', field: 'colour', pattern: 'a' })).toEqual([
      READINESS_MSG.unknownField('R-X', 'colour'),
    ]);
  });
});

describe('a photo-roles rule (each role on some photo of the product)', () => {
  const rule: ReadinessRule = {
    ...base,
    code: 'R-IMG-ROLES',
    kind: 'photo-roles',
    severity: 'blocking',
    roles: ['front', 'nutrition-panel'],
  };
  it('passes when the photos show every role between them', () => {
    const judged = one(
      rule,
      facts({ files: [file({ roles: ['front'] }), file({ roles: ['back', 'nutrition-panel'] })] }),
    );
    expect(judged.ready).toBe(true);
  });

  it('names the roles no photo shows', () => {
    const judged = one(rule, facts({ files: [file({ roles: ['front', 'barcode'] })] }));
    expect(judged.blocking[0].message).toBe('m No photo is marked Nutrition panel.');
  });

  it('says the photos are still being read while a proposal may change, naming them', () => {
    const judged = one(rule, facts({ files: [file({ fileName: 'a.jpg', roles: ['front'], rolesPending: true })] }));
    expect(judged.blocking[0]).toMatchObject({ message: `m ${READINESS_MSG.rolesPending}`, fileNames: ['a.jpg'] });
  });

  it('reads the roles of a draft as the API answers them, chosen ones final', () => {
    const draftFile = {
      fileName: 'front.jpg',
      upc: '036000291452',
      productName: 'Oat Crisps',
      shippingProfileId: 7,
      isMarketingImage: false,
      detectionStatus: 'pending',
      detectedUpcs: [],
      qualityIssues: [],
      longSidePx: null,
      photoRoles: ['front', 'nutrition-panel'] as const,
    };
    const ruleSet = { version: 1, rules: [rule] };
    expect(draftReadiness([{ ...draftFile, photoRolesChosen: true }], ruleSet)[0].readiness.ready).toBe(true);
    const proposed = draftReadiness([{ ...draftFile, photoRoles: ['front'] as const }], ruleSet)[0].readiness;
    expect(proposed.blocking[0].message).toContain(READINESS_MSG.rolesPending);
  });

  it('is accepted among the partner rules and needs a role', () => {
    expect(ownRulesInputSchema.safeParse([rule]).success).toBe(true);
    expect(ownRulesInputSchema.safeParse([{ ...rule, roles: [] }]).success).toBe(false);
    expect(ownRulesInputSchema.safeParse([{ ...rule, roles: ['top'] }]).success).toBe(false);
  });
});
