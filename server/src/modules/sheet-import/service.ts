import {
  findHeaderRow,
  headersSignature,
  rememberedMapping,
  intakeRulesFor,
  proposeMapping,
  readSheetRows,
  sheetRowUpcs,
  SHEET_LIMITS,
  SHEET_MSG,
  type ColumnMapping,
  type SheetMapping,
  SHEET_TARGETS,
  type SheetTarget,
} from '@portal/domain';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { MediaError } from '../../media/messages.ts';
import { readSheetOffThread } from '../../media/media-pool.ts';
import type { UserRow } from '../users/repository.ts';
import { partnerFieldRules } from '../drafts/service.ts';
import { uploadedPhotosOf } from '../drafts/queries/sheet-drafts.ts';
import { ruleSetOf, upcsAlreadySubmitted } from '../readiness/repository.ts';
import { findSheetMapping, saveSheetMapping } from './repository.ts';

const isSheetTarget = (t: string): t is SheetTarget => Object.hasOwn(SHEET_TARGETS, t);

/** Rows of the preview: the first rows as they will be read. */
export const SHEET_PREVIEW_ROWS = 10;

export interface SheetReadRequest {
  sheet?: number;
  mapping?: SheetMapping;
  /** The partner the supplier imports under: its intake and readiness rules judge every row. */
  partnerCompanyId?: number | null;
}

/**
 * The dry run of a supplier's sheet: read in a media process under its limits (media/sheet-reader.ts), the header
 * row found, the mapping proposed (or the one given), every row checked: the draft rules, the photos the supplier has
 * uploaded, and the partner's readiness rules when they import under a partner. A mapping the supplier gives is
 * remembered for their company and offered for the next sheet with the same headers; nothing else is stored.
 */
export async function dryRunSheet(ctx: AppContext, user: UserRow, path: string, options: SheetReadRequest) {
  const { reading, ...run } = await readSheet(ctx, user, path, options);
  return {
    ...run,
    preview: reading.products.slice(0, SHEET_PREVIEW_ROWS),
    issues: reading.issues,
    totals: reading.totals,
  };
}

/** The sheet read and checked, every row: what the dry run shows and "Create drafts" makes drafts of. */
export async function readSheet(ctx: AppContext, user: UserRow, path: string, options: SheetReadRequest) {
  let content;
  try {
    content = await readSheetOffThread(path);
  } catch (error) {
    if (error instanceof MediaError) throw new HttpError(422, 'SHEET_REFUSED', error.message);
    throw error;
  }
  const choose = () => {
    if (options.sheet !== undefined) return options.sheet;
    // The first sheet whose columns hold a UPC, else the first with rows.
    const proposals = content.sheets.map(({ rows }) => {
      const at = findHeaderRow(rows);
      return proposeMapping(rows[at] ?? [], rows.slice(at + 1, at + 21));
    });
    const withUpc = proposals.findIndex((m) => m.some((c) => c.target === 'upc'));
    return withUpc >= 0
      ? withUpc
      : Math.max(
          0,
          content.sheets.findIndex((s) => s.rows.length > 0),
        );
  };
  const index = choose();
  const sheet = content.sheets[index];
  if (!sheet) throw new HttpError(422, 'SHEET_REFUSED', SHEET_MSG.noSheet(index));
  if (!sheet.rows.length) throw new HttpError(422, 'SHEET_REFUSED', SHEET_MSG.empty);
  const headerAt = findHeaderRow(sheet.rows, SHEET_LIMITS.headerLook);
  const headers = sheet.rows[headerAt];
  const data = sheet.rows.slice(headerAt + 1);
  if (data.length > SHEET_LIMITS.rows)
    throw new HttpError(422, 'SHEET_REFUSED', SHEET_MSG.tooManyRows(sheet.name, sheet.rows.length));
  const signature = headersSignature(headers);
  let mapping: ColumnMapping[];
  if (options.mapping) {
    mapping = headers.map((header, column) => ({
      column,
      header,
      target: options.mapping!.find((m) => m.column === column)?.target ?? 'ignore',
      reason: 'none',
    }));
    await saveSheetMapping(
      ctx.db,
      user.companyId,
      signature,
      mapping.map((m) => m.target),
    );
  } else {
    const remembered = await findSheetMapping(ctx.db, user.companyId, signature);
    mapping =
      rememberedMapping(
        headers,
        remembered && { ...remembered, targets: remembered.targets.map((t) => (isSheetTarget(t) ? t : 'ignore')) },
      ) ?? proposeMapping(headers, data.slice(0, 20));
  }
  const partner = options.partnerCompanyId ?? null;
  const photos = await uploadedPhotosOf(ctx.db, user.companyId);
  const ruleSet = await ruleSetOf(ctx.db, partner);
  const duplicateRule = ruleSet?.rules.some((r) => r.kind === 'duplicate-upc');
  const intakeRules = intakeRulesFor(await partnerFieldRules(ctx.db, partner));
  const targets = mapping.map(({ column, target }) => ({ column, target }));
  // The partner's duplicate-UPC rule needs the codes it already has: asked once for the sheet's UPCs, before the rows
  // are read (reading them twice doubled the dry run's own work).
  const submittedUpcs =
    partner !== null && duplicateRule
      ? await upcsAlreadySubmitted(ctx.db, partner, sheetRowUpcs(data, targets))
      : undefined;
  const reading = readSheetRows(headers, data, targets, intakeRules, {
    firstRow: headerAt + 2,
    photos: photos.names,
    photosByCode: photos.byCode,
    ruleSet,
    submittedUpcs,
  });
  return {
    format: content.format,
    sheets: content.sheets.map((s) => s.name),
    sheet: index,
    headerRow: headerAt + 1,
    headers,
    mapping,
    reading,
  };
}
