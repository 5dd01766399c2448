import {
  DRAFT_MSG,
  displayUpc,
  sameUpc,
  sanitizeProductName,
  upcDigits,
  type DraftCheck,
  type DraftFileFacts,
  type DraftFileValues,
  type PhotoRole,
  type ProductReadiness,
} from '@portal/domain';
import type { DraftRowValues, ShownError } from './DraftFileRow.tsx';
import type { DraftFile } from './drafts-api.ts';

// One empty list, so what is memoised on the rows is not recomputed at every render before they arrive.
export const NO_ROWS: DraftRowValues[] = [];

/** A file's row as the page opens it: a detected code fills an empty UPC field; after that the field is the user's. */
export const rowFromFile = (file: DraftFile): DraftRowValues => ({
  fileName: file.fileName,
  upc: displayUpc(file.upc ?? file.detectedUpc ?? ''),
  productName: file.productName ?? '',
  isMarketingImage: file.isMarketingImage,
  shippingProfileId: file.shippingProfileId,
});

/**
 * The rules' view of the rows. The detected code is already in the field (or was, until the user cleared it), so it
 * never stands in for an empty one here: an emptied field is an empty UPC.
 */
export function draftValues(rows: readonly DraftRowValues[]): DraftFileValues[] {
  return rows.map((row) => ({
    fileName: row.fileName,
    upc: row.upc || null,
    detectedUpc: null,
    productName: row.productName || null,
    isMarketingImage: row.isMarketingImage,
    shippingProfileId: row.shippingProfileId,
  }));
}

/** The files of the rows, but one, whose UPC is `code` in any of its forms: one product with it. */
export const rowsWithUpc = (rows: readonly DraftRowValues[], code: string, except: string): string[] =>
  rows.filter((r) => r.fileName !== except && sameUpc(r.upc, code)).map((r) => r.fileName);

/** Which rules block which product: what a message about them depends on. */
export const blockingKeyOf = (products: readonly ProductReadiness[]) =>
  products.map((p) => p.readiness.blocking.map((r) => r.code).join(',')).join(';');

/** The rows as typed, over the server's view of each file: what the readiness rules read. */
export const readinessFacts = (rows: readonly DraftRowValues[], files: readonly DraftFile[]): DraftFileFacts[] =>
  rows.map((row) => {
    const file = files.find((f) => f.fileName === row.fileName);
    return {
      fileName: row.fileName,
      upc: row.upc,
      productName: sanitizeProductName(row.productName).trim() || null,
      shippingProfileId: row.shippingProfileId,
      isMarketingImage: row.isMarketingImage,
      detectionStatus: file?.detectionStatus ?? 'pending',
      detectedUpcs: file?.detectedUpcs ?? [],
      qualityIssues: file?.qualityIssues ?? [],
      longSidePx: file?.longSidePx ?? null,
      photoRoles: (file?.photoRoles ?? []) as PhotoRole[],
      photoRolesChosen: file?.photoRolesChosen ?? false,
      factReadingStatus: file?.factReadingStatus ?? null,
    };
  });

export const toInput = (row: DraftRowValues) => ({
  fileName: row.fileName,
  upc: upcDigits(row.upc) || null,
  productName: sanitizeProductName(row.productName).trim() || null,
  shippingProfileId: row.shippingProfileId,
  isMarketingImage: row.isMarketingImage,
});

/** Where the user is with one row's fields (react-hook-form's touched and dirty flags). */
interface FieldFlags {
  upc?: boolean;
  productName?: boolean;
}

/**
 * The messages a row shows under its UPC and product name: the server's first, then the rules' once the user has
 * been to the field (or tried to submit), and whether a screen reader is told of them as they appear.
 */
export function shownRowErrors({
  fileName,
  row,
  check,
  serverErrors,
  attempted,
  touched,
  dirty,
}: {
  fileName: string;
  row: DraftRowValues | undefined;
  check: DraftCheck;
  serverErrors: Record<string, string>;
  attempted: boolean;
  touched: FieldFlags | undefined;
  dirty: FieldFlags | undefined;
}): { upc?: ShownError; productName?: ShownError } {
  const pick = (field: 'upc' | 'productName', visible: boolean): ShownError | undefined => {
    const fromServer = serverErrors[`${fileName}.${field}`];
    if (fromServer) return { message: fromServer, announce: true };
    const message = check.fields[fileName]?.[field];
    if (!message || !visible) return undefined;
    return { message, announce: attempted || !!touched?.[field] };
  };
  const upcMessage = check.fields[fileName]?.upc;
  const nameMessage = check.fields[fileName]?.productName;
  return {
    // A UPC is judged once the user has left the field, or on Submit; an empty one is not an error before that (a
    // file without a barcode says so in its notes). A code the page put there (read from the image, or saved
    // earlier) is judged at once: nothing else would say why Submit stays off.
    upc: pick('upc', !!upcMessage && (attempted || !!touched?.upc || (!dirty?.upc && !!row?.upc))),
    // A missing name is only pointed out after the user has been to the field; a clash with another row at once.
    productName: pick(
      'productName',
      !!nameMessage &&
        (attempted || !!touched?.productName || (!dirty?.productName && nameMessage !== DRAFT_MSG.productNameRequired)),
    ),
  };
}
