import type { DryRunRuleChange } from './readiness-messages.ts';
import type { DraftFileFacts, PartnerRuleSettings, ReadinessRule } from './readiness.ts';

/**
 * One draft judged by the domain tests, the page's tests (in the browser's environment) and the server's API test:
 * each must give `expected`, worked out by hand from the rules below.
 */
export const READINESS_FIXTURE = {
  settings: {
    fieldRules: { shippingProfile: { required: false } },
    blockingPhotoChecks: ['BLURRY'],
    minImageLongSidePx: 1000,
  } satisfies PartnerRuleSettings,
  ownRules: [
    {
      code: 'R-IMG-MIN-2',
      kind: 'min-images',
      min: 2,
      severity: 'blocking',
      weight: 2,
      message: 'At least 2 images are needed.',
      fix: 'Add another picture of the product: front and back.',
    },
    {
      code: 'R-IMG-RES-1200',
      kind: 'photo-check',
      check: 'LOW_RESOLUTION',
      minLongSidePx: 1200,
      severity: 'warning',
      weight: 1,
      message: 'A photo is under 1200 pixels.',
      fix: 'Upload the original photo.',
    },
    {
      code: 'R-CODE-MATCH',
      kind: 'code-matches-upc',
      severity: 'warning',
      weight: 1,
      message: 'The barcode in the photo is not the UPC.',
      fix: 'Check the UPC.',
    },
    {
      code: 'R-UPC-US',
      kind: 'upc-prefix',
      prefixes: ['0'],
      severity: 'info',
      weight: 1,
      message: 'The UPC is not a US/Canada code.',
      fix: 'Nothing to do if the product is imported.',
    },
  ] satisfies ReadinessRule[],
  version: 3,
  files: [
    {
      fileName: 'a.jpg',
      upc: '036000291452',
      productName: 'Oat Crisps',
      shippingProfileId: null,
      isMarketingImage: true,
      detectionStatus: 'done' as const,
      detectedUpcs: ['036000291452'],
      qualityIssues: [],
      longSidePx: 1600,
    },
    {
      fileName: 'b.jpg',
      upc: '036000291452',
      productName: 'Oat Crisps',
      shippingProfileId: null,
      isMarketingImage: false,
      detectionStatus: 'done' as const,
      detectedUpcs: [],
      qualityIssues: [{ code: 'BLURRY' }],
      longSidePx: 800,
    },
    {
      fileName: 'c.jpg',
      upc: '4006381333931',
      productName: 'Cocoa',
      shippingProfileId: null,
      isMarketingImage: false,
      detectionStatus: 'pending' as const,
      detectedUpcs: [],
      qualityIssues: [],
      longSidePx: null,
    },
  ] satisfies DraftFileFacts[],
  expected: [
    {
      upc: '036000291452',
      percent: 77,
      ready: false,
      failing: ['R-PHOTO-BLURRY', 'R-IMG-RES-1200'],
      blocking: ['R-PHOTO-BLURRY'],
    },
    {
      upc: '4006381333931',
      percent: 33,
      ready: false,
      failing: ['R-IMG-MARKETING', 'R-PHOTO-BLURRY', 'R-IMG-MIN-2', 'R-IMG-RES-1200', 'R-UPC-US'],
      blocking: ['R-IMG-MARKETING', 'R-PHOTO-BLURRY', 'R-IMG-MIN-2'],
    },
  ],
};

/** What the tests compare of each product's readiness. */
export const readinessSummary = (
  products: readonly {
    upc: string;
    readiness: { percent: number; ready: boolean; failing: { code: string }[]; blocking: { code: string }[] };
  }[],
) =>
  products.map((p) => ({
    upc: p.upc,
    percent: p.readiness.percent,
    ready: p.readiness.ready,
    failing: p.readiness.failing.map((r) => r.code),
    blocking: p.readiness.blocking.map((r) => r.code),
  }));

/** The partner rule the tests add: a second image of every product, blocking, of the weight given. */
export const minTwoImagesRule = (weight: number) =>
  ({
    code: 'R-IMG-MIN-2',
    kind: 'min-images',
    min: 2,
    severity: 'blocking',
    weight,
    message: 'At least 2 images are needed.',
    fix: 'Add a picture of the back of the pack.',
  }) satisfies ReadinessRule;

/** One rule's counts in a dry run, every count 0 but those given. */
export const dryRunRuleCounts = (code: string, counts: Partial<DryRunRuleChange> = {}): DryRunRuleChange => ({
  code,
  failing: 0,
  becomesNotReady: 0,
  becomesReady: 0,
  draftsBlocked: 0,
  ...counts,
});
