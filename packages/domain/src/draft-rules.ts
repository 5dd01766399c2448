import { displayUpc, sameUpc, toEan13, upcDigits, upcError, UPC_MSG } from './gtin.ts';
import { sanitizeProductName } from './product-name.ts';

/** One row of upload step 2 (part 1 section 3, draft file). */
export interface DraftFileValues {
  fileName: string;
  upc: string | null;
  detectedUpc: string | null;
  productName: string | null;
  isMarketingImage: boolean;
  shippingProfileId: number | null;
}

/** The field rules of the partner the user came through (part 2 section 3); all false without a partner. */
export interface IntakeRules {
  productNameRequired: boolean;
  shippingProfileRequired: boolean;
  /** With a partner configuration each UPC needs a primary (marketing) image. */
  primaryImageRequired: boolean;
}

export const NO_PARTNER_RULES: IntakeRules = {
  productNameRequired: false,
  shippingProfileRequired: false,
  primaryImageRequired: false,
};

export const DRAFT_MSG = {
  sameUpcDifferentNames: "Images associated with the same UPC can't have different product names.",
  productNameRequired: 'Please enter a product name.',
  primaryImage: (upc: string) =>
    `Please indicate which picture(s) we should use as the marketing image(s) for the product with upc ${upc}`,
  shippingProfile: (upc: string) => `Please add a shipping profile for the product with upc ${upc}`,
  noFiles: 'Please add at least one file.',
  /** A draft keeps at least one file: removing the last one is cancelling the draft. */
  lastFile: 'A draft keeps at least one file: to drop this one, cancel the draft.',
  /** A change to a draft that was submitted in the meantime (another tab, an integration). */
  submittedMeanwhile: 'This draft was submitted meanwhile: its files are in its submissions now. Nothing was changed.',
  removeFileTitle: (fileName: string) => `Remove ${fileName} from this draft?`,
  removeFileNote: 'The file and what was entered for it are deleted. The other files stay as they are.',
  upcDiffersTitle: 'Send a UPC that differs from the photo?',
  upcDiffers: (upc: string, detected: readonly string[], fileNames: readonly string[]) =>
    `You entered ${upc}, but the barcode in ${fileNames.join(', ')} reads ${detected.join(', ')}.`,
  /**
   * Leaving a UPC field writes the code in its stored form; when that is another row's code, the rows are one product
   * from then on (rather than the spec's error about two versions of one UPC, which the rewrite would never show).
   */
  upcsMerged: (typed: string, shown: string, otherFiles: readonly string[]) =>
    `${typed} is the same UPC as ${shown} (${otherFiles.join(', ')}): these files are now one product.`,
  /** The same on a catalogued product's Add images, where the UPC is the product's (shown, not typed). */
  productUpcDiffers: (upc: string, detected: readonly string[], fileNames: readonly string[]) =>
    `This product's UPC is ${upc}, but the barcode in ${fileNames.join(', ')} reads ${detected.join(', ')}.`,
  /** The multipart field (value 'send') with which an upload confirms images whose barcode differs from the UPC. */
  sendDifferingField: 'differingBarcode',
  upcDiffersNote:
    'A product whose barcode does not match its UPC is rejected automatically. Send it only if the photo shows another product code (a case or an old label) and the UPC you entered is right.',
} as const;

/**
 * The codes read from a product's images when none of them is its UPC (in any form), or null. The automated checks
 * reject such an item; Enter UPC(s) asks before sending one.
 */
export function photoCodesDiffer(upc: string, detected: readonly string[]): string[] | null {
  const codes = [...new Set(detected)];
  return codes.length > 0 && !codes.some((code) => sameUpc(code, upc)) ? codes : null;
}

export interface UpcPhotoMismatch {
  upc: string;
  detected: string[];
  fileNames: string[];
}

/** Each product of a draft (files grouped by EAN-13) whose images show codes and none of them its UPC. */
export function draftPhotoMismatches(
  files: readonly { fileName: string; upc: string; detectedUpcs: readonly string[] }[],
): UpcPhotoMismatch[] {
  const groups = new Map<string, typeof files>();
  for (const f of files) {
    const ean = upcError(f.upc) ? null : toEan13(f.upc);
    if (!ean) continue;
    groups.set(ean, [...(groups.get(ean) ?? []), f]);
  }
  return [...groups.values()].flatMap((group) => {
    const detected = photoCodesDiffer(
      group[0].upc,
      group.flatMap((f) => f.detectedUpcs),
    );
    if (!detected) return [];
    const fileNames = group.filter((f) => f.detectedUpcs.length > 0).map((f) => f.fileName);
    return [{ upc: displayUpc(group[0].upc), detected, fileNames }];
  });
}

/** detectedUpc is used as the UPC when none is entered. */
export const effectiveUpc = (f: Pick<DraftFileValues, 'upc' | 'detectedUpc'>) =>
  upcDigits(f.upc || f.detectedUpc || '');

export interface DraftCheck {
  /** Field messages per file name. */
  fields: Record<string, { upc?: string; productName?: string }>;
  /** Messages about a whole product (shown as error toasts). */
  products: string[];
  ok: boolean;
}

/** Every rule of upload step 2, used by the screen for instant feedback and by the server on submit. */
export function checkDraft(files: DraftFileValues[], rules: IntakeRules): DraftCheck {
  const fields: DraftCheck['fields'] = {};
  const products: string[] = [];
  const flag = (f: DraftFileValues, key: 'upc' | 'productName', message: string) => {
    (fields[f.fileName] ??= {})[key] ??= message;
  };
  if (!files.length) products.push(DRAFT_MSG.noFiles);

  for (const f of files) {
    const problem = upcError(effectiveUpc(f));
    if (problem) flag(f, 'upc', problem);
    if (rules.productNameRequired && !sanitizeProductName(f.productName ?? '').trim()) {
      flag(f, 'productName', DRAFT_MSG.productNameRequired);
    }
  }

  // Group valid codes by their stored form: one product per EAN-13.
  const groups = new Map<string, DraftFileValues[]>();
  for (const f of files) {
    const ean = upcError(effectiveUpc(f)) ? null : toEan13(effectiveUpc(f));
    if (ean) groups.set(ean, [...(groups.get(ean) ?? []), f]);
  }
  for (const group of groups.values()) {
    const spellings = new Set(group.map(effectiveUpc));
    if (spellings.size > 1) group.forEach((f) => flag(f, 'upc', UPC_MSG.duplicateVersions));
    const names = new Set(group.map((f) => sanitizeProductName(f.productName ?? '').trim()));
    if (names.size > 1) group.forEach((f) => flag(f, 'productName', DRAFT_MSG.sameUpcDifferentNames));
    const upc = displayUpc(effectiveUpc(group[0]));
    if (rules.primaryImageRequired && !group.some((f) => f.isMarketingImage))
      products.push(DRAFT_MSG.primaryImage(upc));
    if (rules.shippingProfileRequired && group.some((f) => f.shippingProfileId == null))
      products.push(DRAFT_MSG.shippingProfile(upc));
  }
  return { fields, products, ok: Object.keys(fields).length === 0 && products.length === 0 };
}
