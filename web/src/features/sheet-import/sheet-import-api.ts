import type { SheetDryRun, SheetImport, SheetMapping } from '@portal/domain';
import { ApiError } from '../../api/api-error.ts';
import { apiFetch } from '../../api/api-fetch.ts';

export const SHEET_DRY_RUN_PATH = '/sheetImports/dryRun';

export type DryRunOutcome = { kind: 'read'; run: SheetDryRun } | { kind: 'refused'; message: string };

/**
 * POST /api/sheetImports/dryRun: the sheet (and the mapping the supplier chose, once they chose one). A refused sheet
 * (400, 413, 422) is answered to the page, which says why; anything else gets the generic handling.
 */
export async function dryRunSheet(file: File, options: { mapping?: SheetMapping; sheet?: number } = {}) {
  const form = new FormData();
  if (options.sheet !== undefined) form.append('sheet', String(options.sheet));
  if (options.mapping) form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', file, file.name);
  try {
    const run = await apiFetch<SheetDryRun>(SHEET_DRY_RUN_PATH, {
      method: 'POST',
      form,
      notify: { 400: null, 413: null, 422: null },
    });
    return { kind: 'read', run } satisfies DryRunOutcome;
  } catch (error) {
    if (error instanceof ApiError && [400, 413, 422].includes(error.status))
      return { kind: 'refused', message: error.message } satisfies DryRunOutcome;
    throw error;
  }
}

export const SHEET_IMPORTS_PATH = '/sheetImports';

export type CreateDraftsOutcome = { kind: 'started'; run: SheetImport } | { kind: 'refused'; message: string };

/** POST /api/sheetImports: the same sheet, sheet index and mapping as the dry run; the drafts are made in the background. */
export async function createSheetDrafts(file: File, options: { mapping: SheetMapping; sheet: number }) {
  const form = new FormData();
  form.append('sheet', String(options.sheet));
  form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', file, file.name);
  try {
    const run = await apiFetch<SheetImport>(SHEET_IMPORTS_PATH, {
      method: 'POST',
      form,
      notify: { 400: null, 413: null, 422: null },
    });
    return { kind: 'started', run } satisfies CreateDraftsOutcome;
  } catch (error) {
    if (error instanceof ApiError && [400, 413, 422].includes(error.status))
      return { kind: 'refused', message: error.message } satisfies CreateDraftsOutcome;
    throw error;
  }
}

/** GET /api/sheetImports/{id}: how far the drafts have come. */
export const readSheetImport = (id: string) => apiFetch<SheetImport>(`${SHEET_IMPORTS_PATH}/${encodeURIComponent(id)}`);
