import { compressToUpcE, toEan13 } from './gtin.ts';

/**
 * Photo checks (issue 20): what about an uploaded picture would get a product rejected by a retailer or a data pool,
 * told to the supplier on Enter UPC(s) with a one-line fix, and shown to staff as badges.
 */
export const PHOTO_ISSUE_CODES = [
  'LOW_RESOLUTION',
  'BLURRY',
  'TOO_DARK',
  'OVEREXPOSED',
  'DUPLICATE',
  'PLACEHOLDER_CODE',
  'CODE_UNREADABLE',
] as const;
export type PhotoIssueCode = (typeof PHOTO_ISSUE_CODES)[number];

/**
 * As stored with a file: the code, and for DUPLICATE the file it repeats (e.g. "front.jpg in submission 0012345678905").
 */
export interface StoredPhotoIssue {
  code: PhotoIssueCode;
  detail?: string;
  /** DUPLICATE only: this file is a copy that fails a photo check the other passes (blurred, darker, smaller). */
  worseCopy?: boolean;
}

/**
 * The checks that judge a file as a photograph (its pixels: resolution, sharpness, exposure, and sameness by
 * perceptual hash), and those that judge the code read from it. A PDF is a spec sheet or label artwork, not a photo:
 * a white page is not overexposed, and two spec sheets of one layout look alike to a perceptual hash whatever their
 * text says. docs/decisions/photo-checks-and-barcodes.md, "Spec sheets and artwork are not judged as photos".
 */
export const PHOTO_ONLY_CHECKS: readonly PhotoIssueCode[] = [
  'LOW_RESOLUTION',
  'BLURRY',
  'TOO_DARK',
  'OVEREXPOSED',
  'DUPLICATE',
];

/** Whether a file of this kind is judged as a photo (PHOTO_ONLY_CHECKS apply): every image kind, not a PDF. */
export const judgedAsPhoto = (kind: string): boolean => kind !== 'pdf';

/** The checks that apply to a file of this kind. */
export const photoChecksFor = (kind: string): readonly PhotoIssueCode[] =>
  judgedAsPhoto(kind) ? PHOTO_ISSUE_CODES : PHOTO_ISSUE_CODES.filter((c) => !PHOTO_ONLY_CHECKS.includes(c));

export interface PhotoIssue {
  code: PhotoIssueCode;
  message: string;
}

/**
 * The least pixels on an image's longest side when a partner sets no line of its own: 1,000 px, what Amazon's product
 * image requirements ask for (zoom works from there). GS1's print-quality 2,400 px flagged nearly every phone photo.
 * docs/decisions/photo-checks-and-barcodes.md, "The low-resolution line is a partner setting".
 */
export const DEFAULT_MIN_IMAGE_LONG_SIDE_PX = 1000;
export const MIN_IMAGE_LONG_SIDE_RANGE = { min: 100, max: 10_000 } as const;

/** Short names for badges and the partner switches. */
export const PHOTO_ISSUE_LABELS: Record<PhotoIssueCode, string> = {
  LOW_RESOLUTION: 'Low resolution',
  BLURRY: 'Blurry',
  TOO_DARK: 'Too dark',
  OVEREXPOSED: 'Overexposed',
  DUPLICATE: 'Duplicate picture',
  PLACEHOLDER_CODE: 'Placeholder barcode',
  CODE_UNREADABLE: 'Barcode unreadable',
};

/**
 * What the two "duplicate" badges of the review mean, for their tooltip and accessible name: the same picture (a
 * photo check, by perceptual hash, within one company) is not the same UPC (another submission of the code).
 */
export const DUPLICATE_BADGE_HELP = {
  picture:
    'Duplicate picture: a file is the same picture as another file this company sent (compared by its look, not its name).',
  upc: 'Duplicate UPC: another submission of this UPC for the same partner is pending, accepted or catalogued.',
} as const;

/** One line each: what is wrong and how to fix it. */
export const PHOTO_ISSUE_MSG = {
  /**
   * The detail is the partner's line in pixels when the file was checked; files checked before partners had a line
   * were judged against GS1's 2400 and say so.
   */
  LOW_RESOLUTION: (line?: string) =>
    `Low resolution: ${line && /^\d+$/.test(line) ? `this partner expects at least ${line}` : 'retailers expect at least 2400'} pixels on the longest side. Upload the original photo, not a copy sent by chat or e-mail.`,
  BLURRY: () => 'Blurry: retake the photo closer to the barcode, holding the phone still until it focuses.',
  TOO_DARK: () => 'Too dark: retake the photo in better light, or turn the flash on.',
  OVEREXPOSED: () => 'Overexposed or glare: retake the photo without the flash, at a slight angle away from lamps.',
  DUPLICATE: (other?: string, worseCopy?: boolean) =>
    worseCopy
      ? `Duplicate: this looks like a lower-quality copy of ${other ?? 'another file of your company'}. If it is, remove this one; if not, retake it as advised above.`
      : `Duplicate: the same picture as ${other ?? 'another file of your company'}. Upload a different photo or remove this one.`,
  PLACEHOLDER_CODE: () =>
    'Placeholder barcode: the code in the photo is an example or dummy code. Photograph the real barcode printed on the pack.',
  CODE_UNREADABLE: () =>
    'Barcode unreadable: a barcode is in the photo but could not be read. Retake it straight on, filling the frame with the barcode.',
} as const satisfies Record<PhotoIssueCode, (detail?: string, worseCopy?: boolean) => string>;

/** Notes on a file that are not checks of the photo itself (no partner can make them block Submit). */
export const PHOTO_NOTE_MSG = {
  noBarcode:
    'No barcode found: type the UPC printed under the barcode on the pack, or add a photo in which the barcode shows.',
} as const;

/**
 * A file read to the end without a code in it, and without a barcode that could not be read (CODE_UNREADABLE says
 * that one). A side of the pack has none, as it should: the note tells where the UPC must come from instead.
 */
export const noBarcodeFound = (file: {
  detectionStatus: string;
  detectedUpcs: readonly string[];
  qualityIssues: readonly { code: string }[];
}) =>
  file.detectionStatus === 'done' &&
  file.detectedUpcs.length === 0 &&
  !file.qualityIssues.some((issue) => issue.code === 'CODE_UNREADABLE');

/**
 * Where a file's notes are read: on a draft (Enter UPC(s)), where the supplier can still remove or replace a file, or
 * on a submitted item (its detail page, for staff and supplier), where nothing of the kind can be done.
 */
export type PhotoIssuePlace = 'draft' | 'submission';

/**
 * The other picture of a DUPLICATE as a submitted item names it. Its file's checks ran while it was a draft and named
 * the other file relative to that draft: "in this draft" is a file sent with it, "in another draft" one of the
 * company's drafts. Staff read it too, so the company is "the same company", not "your company".
 */
function submittedDuplicateOf(detail: string | undefined): string {
  if (!detail) return 'another file of the same company';
  const sameDraft = /^(.*) in this draft$/.exec(detail);
  if (sameDraft) return `${sameDraft[1]}, sent in the same upload`;
  const otherDraft = /^(.*) in another draft$/.exec(detail);
  if (otherDraft) return `${otherDraft[1]} in a draft of the same company`;
  return detail;
}

/** A submitted item's notes that differ from a draft's: they say what was found, not how to change the draft. */
const SUBMITTED_ISSUE_MSG: Partial<Record<PhotoIssueCode, (detail?: string, worseCopy?: boolean) => string>> = {
  DUPLICATE: (other, worseCopy) =>
    worseCopy
      ? `Duplicate: this looks like a lower-quality copy of ${submittedDuplicateOf(other)}.`
      : `Duplicate: the same picture as ${submittedDuplicateOf(other)}.`,
};

export const photoIssueMessage = (issue: StoredPhotoIssue, place: PhotoIssuePlace = 'draft'): string =>
  ((place === 'submission' && SUBMITTED_ISSUE_MSG[issue.code]) || PHOTO_ISSUE_MSG[issue.code])(
    issue.detail,
    issue.worseCopy,
  );

/**
 * Codes printed in standards and manuals, which suppliers copy onto mock-up artwork and which no product carries:
 * the GS1 General Specifications' examples (GS1 US demonstration prefix 0614141), GS1 Global Office's 950
 * demonstration codes and GS1 Poland's 590123412345 example. Stored as EAN-13. (Examples that are real products'
 * codes, such as Wikipedia's 4006381333931, are not listed: a supplier of that product must not be warned.)
 */
const EXAMPLE_CODES = new Set([
  '0614141000012',
  '0614141000029',
  '0614141000036',
  '0614141123452',
  '0614141999996',
  '0614141007349',
  '9506000134352',
  '9501234567907',
  '9501101020917',
  '5901234123457',
]);

/**
 * Whether a code read from a photo is a placeholder rather than a product's own: all zeros, one digit repeated
 * (the check digit aside), a plain run such as 123456789..., or a published example code. Judged on every form the
 * code is written in, so that one code gets one answer: a UPC-E such as 0 123456 5 (the textbook example) is a
 * placeholder whether it is read as its 8 printed digits or written as its UPC-A expansion 0 12345 00006 5.
 */
export function isPlaceholderCode(code: string): boolean {
  const digits = code.replace(/\D/g, '');
  if (digits.length < 8) return false;
  const ean = toEan13(digits);
  if (ean && EXAMPLE_CODES.has(ean)) return true;
  const upcE = ean?.startsWith('0') ? compressToUpcE(ean.slice(1)) : null;
  return [digits, ...(upcE ? [upcE] : [])].some(isDummyPattern);
}

/** All zeros, one digit repeated or a plain run, the check digit and leading zeros aside. */
function isDummyPattern(digits: string): boolean {
  const body = digits.slice(0, -1).replace(/^0+/, '');
  if (body.length === 0) return true; // all zeros
  if (/^(\d)\1+$/.test(body)) return true; // 1111111 ...
  return '12345678901234567890'.includes(body) || '98765432109876543210'.includes(body);
}

export const PHOTO_BLOCK_MSG = {
  pending: (fileName: string) => `The photo checks of ${fileName} are still running. Submit again in a moment.`,
  blocked: (fileName: string, message: string) => `${fileName} cannot be submitted to this partner. ${message}`,
  /** The partner's low-resolution line in Customize New Item Intake. */
  lineLabel: 'Low resolution below (pixels on the longest side)',
  lineHint:
    'Photos smaller than this are flagged Low resolution for this partner. 1000 px is what marketplaces ask for.',
  /** The heading of the partner's switch table in Customize New Item Intake. */
  switchesTitle: 'Photo checks that block Submit',
  switchesHint:
    'Suppliers always see every photo check as a warning; switched on, the check also stops Submit until the photo is replaced.',
} as const;
