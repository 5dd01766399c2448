import { z } from 'zod';
import { MEASURE_UNIT_CODES } from './product-facts.ts';
import { SHEET_TARGET_KEYS } from './sheet-mapping.ts';

/** The answer of a sheet's dry run (REST and the import page): what was read, the mapping, the findings. */
const num = z.number().nullable();
export const sheetProductSchema = z.object({
  row: z.number().int(),
  upc: z.string().nullable(),
  productName: z.string().nullable(),
  brand: z.string().nullable(),
  size: z.object({ quantity: z.number(), unit: z.enum(MEASURE_UNIT_CODES), typed: z.string() }).nullable(),
  packCount: num,
  width: num,
  height: num,
  depth: num,
  weight: num,
  costPrice: num,
  retailPrice: num,
  imageFiles: z.array(z.string()),
  ingredients: z.string().nullable(),
  allergens: z.string().nullable(),
  calories: num,
});

export const sheetDryRunSchema = z
  .object({
    format: z.enum(['xlsx', 'xls', 'csv']),
    sheets: z.array(z.string()).describe("The workbook's sheets, by name; `sheet` is the index of the one read."),
    sheet: z.number().int(),
    headerRow: z.number().int().describe('The row of the headers as the spreadsheet numbers it (title rows above).'),
    headers: z.array(z.string()),
    mapping: z.array(
      z.object({
        column: z.number().int(),
        header: z.string(),
        target: z.enum(SHEET_TARGET_KEYS),
        reason: z.enum(['values', 'header', 'remembered', 'none']),
      }),
    ),
    preview: z.array(sheetProductSchema).describe('The first rows as they will be read.'),
    issues: z.array(
      z.object({
        row: z.number().int(),
        column: z.string(),
        value: z.string(),
        message: z.string(),
        severity: z.enum(['blocked', 'warning']),
      }),
    ),
    totals: z.object({
      rows: z.number().int(),
      ready: z.number().int(),
      warnings: z.number().int(),
      blocked: z.number().int(),
    }),
  })
  .meta({
    examples: [
      {
        format: 'xlsx',
        sheets: ['Products'],
        sheet: 0,
        headerRow: 2,
        headers: ['UPC', 'Description', 'Net Wt'],
        mapping: [
          { column: 0, header: 'UPC', target: 'upc', reason: 'header' },
          { column: 1, header: 'Description', target: 'productName', reason: 'header' },
          { column: 2, header: 'Net Wt', target: 'size', reason: 'header' },
        ],
        preview: [],
        issues: [
          {
            row: 4,
            column: 'UPC',
            value: '36000291452',
            message: '36000291452 lost its leading zeros in the spreadsheet: read as 036000291452.',
            severity: 'warning',
          },
        ],
        totals: { rows: 3, ready: 2, warnings: 1, blocked: 0 },
      },
    ],
  });
export type SheetDryRun = z.infer<typeof sheetDryRunSchema>;

/**
 * "Create drafts" of a sheet: one draft per product (or the supplier's existing draft of the same UPC updated), made
 * by a background job; `done` of `total` rows so far. Re-importing the same sheet leaves every draft `unchanged`.
 */
export const sheetImportSchema = z
  .object({
    id: z.guid(),
    fileName: z.string(),
    partnerCompanyId: z.number().int().nullable(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.number().int().describe('Products to make drafts of: the rows not blocked, each UPC once.'),
    done: z.number().int(),
    created: z.number().int().describe('New drafts.'),
    updated: z.number().int().describe('Existing drafts of the same UPC changed to what the sheet says.'),
    unchanged: z.number().int().describe('Drafts that already held what the row says (the same sheet imported again).'),
    photosAttached: z.number().int().describe('Uploaded photos moved into the drafts, by file name or detected code.'),
    kept: z
      .number()
      .int()
      .describe(
        'Updated drafts that kept a name or product fact the supplier changed in the portal since the last import.',
      ),
    skipped: z.number().int().describe('Rows left out: blocked in the dry run, or a UPC repeated.'),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  })
  .meta({
    examples: [
      {
        id: '3f1c2a4e-6a53-4c0e-9d8e-2b1f5d7c9a10',
        fileName: 'price list.xlsx',
        partnerCompanyId: null,
        status: 'running',
        total: 3,
        done: 2,
        created: 1,
        updated: 1,
        unchanged: 0,
        photosAttached: 2,
        kept: 0,
        skipped: 1,
        error: null,
        createdAt: '2026-11-29T09:00:00.000Z',
        finishedAt: null,
      },
    ],
  });
export type SheetImport = z.infer<typeof sheetImportSchema>;
