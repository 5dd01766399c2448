import { sheetBulkEditValues, sheetProductSchema } from '@portal/domain';
import type { SubmissionDetails } from '../submissions/lifecycle.ts';
import type { DraftRow } from './repository.ts';

/**
 * The bulk-edit values a draft made from a sheet's row gives the submission of its product at Submit: the brand,
 * dimensions and prices of the row its latest import stored, each as the bulk edit's rules take it (a value they
 * refuse is not carried; the dry run said so). Only the product of the row's UPC: another UPC typed into the draft
 * since is another product. Undefined when there is nothing to carry (docs/decisions/intake.md).
 */
export function sheetDetailsOf(
  draft: Pick<DraftRow, 'sheetUpc' | 'sheetProduct'>,
  ean13Upc: string,
): SubmissionDetails | undefined {
  if (draft.sheetUpc !== ean13Upc) return undefined;
  const product = sheetProductSchema.safeParse(draft.sheetProduct);
  if (!product.success) return undefined;
  const { companyName, ...values } = sheetBulkEditValues(product.data).values;
  // The bulk edit's brand (its companyName) is the submission's brand column.
  const details: SubmissionDetails = { ...values, ...(companyName != null && { brand: companyName }) };
  return Object.keys(details).length ? details : undefined;
}
