import { checkDraft, type IntakeRules } from './draft-rules.ts';
import type { z } from 'zod';
import { judgeReadiness, type ReadinessRule, type RuleResult, type RuleSet } from './readiness.ts';
import { sanitizeProductName } from './product-name.ts';
import type { sheetProductSchema } from './sheet-import-schema.ts';
import { SHEET_NUMBER_TARGETS, SHEET_TARGETS, type SheetMapping, type SheetTarget } from './sheet-mapping.ts';
import { readSize, repairUpc, SHEET_VALUE_MSG, sheetNumber } from './sheet-values.ts';
import { SHEET_CARRY_MSG, SHEET_TARGETS_NOT_CARRIED, sheetFacts } from './sheet-draft-values.ts';
import { SHEET_DIMENSION_TARGETS, sheetBulkEditValues, sheetDimensionInches } from './sheet-bulk-edit-values.ts';

/**
 * A sheet's rows read through a confirmed mapping, each checked before anything is created (the dry run): the UPC
 * repaired or flagged, sizes read, numbers read, then the shared draft rules (draft-rules.ts) with the partner's
 * intake rules. Each finding names its row, column and value.
 */

/** A row as it will be read (the dry run's preview, and what a draft would be made of): sheet-import-schema.ts. */
export type SheetProduct = z.infer<typeof sheetProductSchema>;

/** A sheet's product with only its row, code and name: every other value not (yet) read. */
export const sheetProductOf = (row: number, upc: string | null, productName: string | null): SheetProduct => ({
  row,
  upc,
  productName,
  brand: null,
  size: null,
  packCount: null,
  width: null,
  height: null,
  depth: null,
  weight: null,
  costPrice: null,
  retailPrice: null,
  imageFiles: [],
  ingredients: null,
  allergens: null,
  calories: null,
});

export type SheetIssueSeverity = 'blocked' | 'warning';
export interface SheetIssue {
  row: number;
  /** The column's header ('' for a finding about the whole row). */
  column: string;
  value: string;
  message: string;
  severity: SheetIssueSeverity;
}

export const SHEET_ROW_MSG = {
  noPhoto: 'No uploaded photo matches this row yet: the draft is created without one and waits for its photos.',
  photoMissing: (name: string) => `No uploaded photo is named ${name}.`,
  sameUpcAgain: (row: number) => `The same UPC as row ${row}: the two rows are one product.`,
  sameUpcOtherName: (row: number) => `The same UPC as row ${row} with another product name.`,
} as const;

const TEXT_TARGETS = ['brand', 'ingredients', 'allergens'] as const;

/**
 * A partner's readiness rules as a sheet's dry run can judge them: what a row gives (UPC, name, the photos it will
 * have). Rules about what only a draft holds are judged there, not on the sheet: the photo checks and the code read
 * from a photo (no photo has been checked for the row yet), label arithmetic (facts read from photos), the photos'
 * roles (proposed from what the photos are read to show), and the
 * shipping profile (chosen on the draft; a sheet has no column for it). Kept with the rows, in a module that builds
 * schemas: it takes judgeReadiness from one, which a zod-free module must not (the chunks would import each other).
 */
const judgedOnTheDraft = (rule: ReadinessRule) =>
  rule.kind === 'photo-check' ||
  rule.kind === 'code-matches-upc' ||
  rule.kind === 'label-arithmetic' ||
  rule.kind === 'photo-roles' ||
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

export interface SheetReading {
  products: SheetProduct[];
  issues: SheetIssue[];
  totals: { rows: number; ready: number; warnings: number; blocked: number };
}

/** What the dry run knows beyond the sheet: the supplier's uploaded photos and the partner's readiness rules. */
export interface SheetReadOptions {
  /** The sheet row number of the first data row. */
  firstRow: number;
  /** The file names of the photos the supplier has uploaded (lowered): a row's image names are looked up there. */
  photos?: ReadonlySet<string>;
  /** The names of uploaded photos by the code read from them (EAN-13): a row's photos without an image column. */
  photosByCode?: ReadonlyMap<string, readonly string[]>;
  /** The partner's readiness rules (the supplier imports under a partner): judged on each row as at Submit. */
  ruleSet?: RuleSet | null;
  /** EAN-13 codes the partner already has a submission of (its duplicate-UPC rule). */
  submittedUpcs?: ReadonlySet<string>;
}

const isBlankRow = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The UPCs the dry run reads from the rows (repaired where certain), in order, without checking anything else: what a
 * partner's duplicate-UPC rule must look up before the rows are judged, at a fraction of a dry run's cost.
 */
export function sheetRowUpcs(rows: readonly (readonly string[])[], mapping: SheetMapping): string[] {
  // The last column mapped to the UPC, as readSheetRows takes it.
  const column = mapping.filter((m) => m.target === 'upc').at(-1)?.column;
  if (column === undefined) return [];
  return rows.flatMap((cells) => {
    if (isBlankRow(cells)) return [];
    const upc = repairUpc((cells[column] ?? '').trim());
    return upc.status === 'ok' || upc.status === 'repaired' ? [upc.upc] : [];
  });
}

/**
 * The dry run of a sheet: `rows` are the data rows (after the header row). Blank rows are skipped.
 */
export function readSheetRows(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  mapping: SheetMapping,
  rules: IntakeRules,
  options: SheetReadOptions,
): SheetReading {
  const readinessRules = options.ruleSet ? sheetRuleSet(options.ruleSet) : null;
  const columnOf = new Map<SheetTarget, number>();
  for (const m of mapping) if (m.target !== 'ignore') columnOf.set(m.target, m.column);
  const products: SheetProduct[] = [];
  const issues: SheetIssue[] = [];
  const rowState = new Map<number, SheetIssueSeverity | 'ready'>();
  const seen = new Map<string, SheetProduct>();
  // Columns neither a draft nor its submission has a place for: said once per column (on the header row), not on
  // every row it would warn.
  const headerRow = options.firstRow - 1;
  for (const target of SHEET_TARGETS_NOT_CARRIED) {
    const column = columnOf.get(target);
    if (column === undefined || !rows.some((cells) => (cells[column] ?? '').trim() !== '')) continue;
    const name = headers[column] || SHEET_TARGETS[target];
    issues.push({
      row: headerRow,
      column: name,
      value: '',
      message: SHEET_CARRY_MSG.notCarried(name),
      severity: 'warning',
    });
  }

  rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const row = options.firstRow + i;
    const cell = (target: SheetTarget) => {
      const column = columnOf.get(target);
      return column === undefined ? '' : (cells[column] ?? '').trim();
    };
    const header = (target: SheetTarget) => headers[columnOf.get(target) ?? -1] ?? SHEET_TARGETS[target];
    const flag = (target: SheetTarget | null, value: string, message: string, severity: SheetIssueSeverity) => {
      issues.push({ row, column: target ? header(target) : '', value, message, severity });
      if (severity === 'blocked' || rowState.get(row) !== 'blocked') rowState.set(row, severity);
    };
    rowState.set(row, 'ready');

    const typedUpc = cell('upc');
    const upc = repairUpc(typedUpc);
    if (upc.status === 'repaired') flag('upc', typedUpc, upc.message, 'warning');
    else if (upc.status !== 'ok') flag('upc', typedUpc, upc.message, 'blocked');
    const code = upc.status === 'ok' || upc.status === 'repaired' ? upc.upc : null;

    const name = sanitizeProductName(cell('productName')).trim() || null;
    const product = sheetProductOf(row, code, name);
    for (const target of TEXT_TARGETS) product[target] = cell(target) || null;
    for (const target of SHEET_NUMBER_TARGETS) {
      const typed = cell(target);
      if (!typed) continue;
      const n = sheetNumber(typed);
      if (n === null) flag(target, typed, SHEET_VALUE_MSG.notANumber(typed), 'warning');
      // Dimensions are kept in inches, the bulk edit's unit, whatever unit the column's header names.
      else if ((SHEET_DIMENSION_TARGETS as readonly string[]).includes(target))
        product[target] = sheetDimensionInches(header(target), n);
      else product[target] = n;
    }
    const sizeTyped = columnOf.has('size')
      ? cell('size')
      : [cell('sizeValue'), cell('sizeUnit')].filter(Boolean).join(' ');
    const size = readSize(sizeTyped, [name, product.brand].filter(Boolean).join(' '));
    const sizeTarget = columnOf.has('size') ? 'size' : 'sizeValue';
    if (size?.status === 'ok') product.size = { quantity: size.quantity, unit: size.unit, typed: size.typed };
    else if (size?.status === 'ask') flag(sizeTarget, sizeTyped, size.message, 'blocked');
    else if (size?.status === 'invalid') flag(sizeTarget, sizeTyped, size.message, 'warning');

    product.imageFiles = cell('imageFiles')
      .split(/[;,|\n]/)
      .map((n) => n.trim())
      .filter(Boolean);
    const byCode = (code && options.photosByCode?.get(code)) || [];
    let photos: readonly string[] = product.imageFiles;
    if (options.photos) {
      const missing = product.imageFiles.filter((n) => !options.photos!.has(n.toLowerCase()));
      for (const n of missing) flag('imageFiles', n, SHEET_ROW_MSG.photoMissing(n), 'warning');
      photos = [...product.imageFiles.filter((n) => !missing.includes(n)), ...byCode];
      // A sheet without an image column says nothing of photos: only one that has it is told a row has none.
      if (!product.imageFiles.length && !byCode.length && columnOf.has('imageFiles'))
        flag(null, '', SHEET_ROW_MSG.noPhoto, 'warning');
    }
    // A value the facts' schema refuses is left out of the draft, as a typed one would be refused: said, not dropped.
    for (const r of sheetFacts(product).refused)
      flag(r.target, r.value, SHEET_CARRY_MSG.factRefused(r.value), 'warning');
    // So is a value the bulk edit's rules refuse, or keep rounded, where the Submit of its draft carries it.
    const bulkEdit = sheetBulkEditValues(product);
    for (const r of [...bulkEdit.refused, ...bulkEdit.rounded])
      flag(r.target === 'size' ? sizeTarget : r.target, r.value, r.message, 'warning');

    if (readinessRules && code) {
      const failing = sheetRowReadiness(
        { upc: code, productName: name, photos, duplicateUpc: options.submittedUpcs?.has(code) ?? false },
        readinessRules,
      );
      for (const r of failing)
        flag(null, '', `${r.code}: ${r.message} ${r.fix}`.trim(), r.severity === 'blocking' ? 'blocked' : 'warning');
    }

    // The shared draft rules on the row as a draft's files would hold it (a file per image, the first the marketing
    // image), the partner's intake rules among them. The UPC's own message is given above, once.
    const names = product.imageFiles.length ? product.imageFiles : [`row ${row}`];
    const check = checkDraft(
      names.map((fileName, k) => ({
        fileName,
        upc: code ?? typedUpc,
        detectedUpc: null,
        productName: name,
        isMarketingImage: k === 0,
        shippingProfileId: null,
      })),
      { ...rules, shippingProfileRequired: false },
    );
    const nameMessage = Object.values(check.fields).find((f) => f.productName)?.productName;
    if (nameMessage) flag('productName', cell('productName'), nameMessage, 'blocked');
    for (const message of check.products) flag(null, '', message, 'blocked');

    if (code) {
      const earlier = seen.get(code);
      if (earlier && (earlier.productName ?? '') !== (name ?? ''))
        flag('productName', cell('productName'), SHEET_ROW_MSG.sameUpcOtherName(earlier.row), 'blocked');
      else if (earlier) flag('upc', typedUpc, SHEET_ROW_MSG.sameUpcAgain(earlier.row), 'warning');
      else seen.set(code, product);
    }
    products.push(product);
  });

  const states = [...rowState.values()];
  return {
    products,
    issues,
    totals: {
      rows: states.length,
      ready: states.filter((s) => s === 'ready').length,
      warnings: states.filter((s) => s === 'warning').length,
      blocked: states.filter((s) => s === 'blocked').length,
    },
  };
}

/** The dry run's findings as CSV (row, column, value, severity, message), for the supplier to fix the sheet by. */
export function sheetIssuesCsv(issues: readonly SheetIssue[]): string {
  const quote = (v: string | number) => {
    const s = String(v);
    // A cell a spreadsheet would run as a formula is written as text.
    const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['row', 'column', 'value', 'severity', 'message'].join(',')];
  for (const i of issues) lines.push([i.row, i.column, i.value, i.severity, i.message].map(quote).join(','));
  return lines.join('\r\n') + '\r\n';
}
