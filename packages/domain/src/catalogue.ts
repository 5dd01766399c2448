import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { toEan13, upcError } from './gtin.ts';
import { csvMalformed, parseCsv } from './csv.ts';
import { plural } from './wording.ts';

/** Certified values recorded by cataloguing staff (DESIGN section 3): the form and the CSV import share these rules. */
export const CERTIFIED_LIMITS = {
  description: 200,
  brand: 100,
  department: 100,
  category: 100,
  subcategory: 100,
  itemSize: 50,
  unitsOfMeasure: 50,
} as const;

export const CATALOGUE_MSG = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  packCount: 'Pack count must be a whole number greater than 0.',
  duplicateEan: (ean: string, firstRow: number) =>
    `EAN-13 ${ean} appears more than once in the file (first on row ${firstRow}).`,
  eanRequired: 'ean13Upc is required.',
  badHeaders: (expected: readonly string[]) => `The first row must name the columns: ${expected.join(', ')}.`,
  noRows: 'The file has no data rows.',
  malformed: csvMalformed,
  wrongCellCount: (expected: number, got: number) => `Expected ${expected} cells, found ${got}.`,
  shippingProfileId: 'The shipping profile id must be a positive whole number, or empty to remove it.',
  submissionChanged: 'This submission was resubmitted with another UPC meanwhile. Open it again to catalogue it.',
} as const;

const LABELS: Record<keyof typeof CERTIFIED_LIMITS, string> = {
  description: 'Description',
  brand: 'Brand',
  department: 'Department',
  category: 'Category',
  subcategory: 'Subcategory',
  itemSize: 'Size',
  unitsOfMeasure: 'Unit of measure',
};

const required = (key: 'description' | 'brand') =>
  z
    .string({ error: CATALOGUE_MSG.required(LABELS[key]) })
    .trim()
    .min(1, CATALOGUE_MSG.required(LABELS[key]))
    .max(CERTIFIED_LIMITS[key], CATALOGUE_MSG.tooLong(LABELS[key], CERTIFIED_LIMITS[key]));

/** Optional text: blank or absent becomes null. */
const optional = (key: Exclude<keyof typeof CERTIFIED_LIMITS, 'description' | 'brand'>) =>
  z
    .string()
    .trim()
    .max(CERTIFIED_LIMITS[key], CATALOGUE_MSG.tooLong(LABELS[key], CERTIFIED_LIMITS[key]))
    .nullish()
    .transform((v) => (v ? v : null));

export const certifiedValuesSchema = z.object({
  description: required('description'),
  brand: required('brand'),
  department: optional('department'),
  category: optional('category'),
  subcategory: optional('subcategory'),
  itemSize: optional('itemSize'),
  unitsOfMeasure: optional('unitsOfMeasure'),
  packCount: z
    .number({ error: CATALOGUE_MSG.packCount })
    .int(CATALOGUE_MSG.packCount)
    .positive(CATALOGUE_MSG.packCount)
    .max(1_000_000, CATALOGUE_MSG.packCount)
    .nullish()
    .transform((v) => v ?? null),
});
export type CertifiedValuesInput = z.input<typeof certifiedValuesSchema>;
export type CertifiedValues = z.output<typeof certifiedValuesSchema>;

/** Shipping profile choice: a positive whole number, or null/empty to remove. */
export const shippingProfileChoiceSchema = z.object({
  shippingProfileId: z
    .union(
      [
        z.literal(''),
        z.null(),
        z
          .number({ error: CATALOGUE_MSG.shippingProfileId })
          .int(CATALOGUE_MSG.shippingProfileId)
          .positive(CATALOGUE_MSG.shippingProfileId)
          .max(2_147_483_647, CATALOGUE_MSG.shippingProfileId),
      ],
      { error: CATALOGUE_MSG.shippingProfileId },
    )
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null)),
});

/** Catalogue list: sort keys, directions and page size. */
export const CATALOGUE_SORT_KEYS = [
  'ean13Upc',
  'brand',
  'description',
  'itemSize',
  'unitsOfMeasure',
  'updatedDate',
] as const;
export type CatalogueSortKey = (typeof CATALOGUE_SORT_KEYS)[number];
export const CATALOGUE_PAGE_SIZE = 25;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** The list counts matching products up to this many (past it: "more than"), so a count costs the same at any size. */
export const CATALOGUE_COUNT_LIMIT = 10_000;

/** The CSV columns of the certified-values import, in order. */
export const CATALOGUE_CSV_COLUMNS = [
  'ean13Upc',
  'description',
  'brand',
  'department',
  'category',
  'subcategory',
  'itemSize',
  'unitsOfMeasure',
  'packCount',
] as const;
export const CATALOGUE_CSV_EXAMPLE = [
  '0036000291452',
  'Organic rolled oats',
  'Green Valley',
  'Grocery',
  'Cereal',
  'Hot cereal',
  '18',
  'oz',
  '1',
];

export interface ImportRow {
  ean13Upc: string;
  values: CertifiedValues;
}
export interface ImportRowError {
  /** The line of the row in the file: data index + 2 (the header is row 1). */
  row: number;
  ean13Upc: string;
  errors: string[];
}
export type ImportCheck = { ok: true; rows: ImportRow[] } | { ok: false; message: string; rows: ImportRowError[] };

/** The invalid rows an import answer lists at most (a file of 60,000 bad rows made a 7.6 MB answer); the count is all. */
export const IMPORT_ROW_ERRORS_LISTED = 200;

/** Checks a whole certified-values CSV: headers, then every row (the same schema as the form, a valid EAN-13, no repeats). */
export function checkCatalogueCsv(text: string): ImportCheck {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (err) {
    return { ok: false, message: (err as Error).message, rows: [] };
  }
  const [header, ...data] = table;
  const names = (header ?? []).map((h) => h.trim());
  if (names.length !== CATALOGUE_CSV_COLUMNS.length || names.some((h, i) => h !== CATALOGUE_CSV_COLUMNS[i])) {
    return { ok: false, message: CATALOGUE_MSG.badHeaders(CATALOGUE_CSV_COLUMNS), rows: [] };
  }
  if (!data.length) return { ok: false, message: CATALOGUE_MSG.noRows, rows: [] };
  const good: ImportRow[] = [];
  const bad: ImportRowError[] = [];
  const seen = new Map<string, number>();
  data.forEach((cells, index) => {
    const row = index + 2;
    const errors: string[] = [];
    const raw = (cells[0] ?? '').trim();
    if (cells.length !== CATALOGUE_CSV_COLUMNS.length)
      errors.push(CATALOGUE_MSG.wrongCellCount(CATALOGUE_CSV_COLUMNS.length, cells.length));
    let ean = raw;
    if (!raw) errors.push(CATALOGUE_MSG.eanRequired);
    else {
      const problem = /^\d+$/.test(raw) ? upcError(raw) : 'The EAN-13 must contain digits only.';
      const normal = problem ? null : toEan13(raw);
      if (problem || !normal || normal.length !== 13)
        errors.push(problem ?? 'The code must be a UPC or EAN-13 (not a case code).');
      else {
        ean = normal;
        const first = seen.get(ean);
        if (first !== undefined) errors.push(CATALOGUE_MSG.duplicateEan(ean, first));
        else seen.set(ean, row);
      }
    }
    const cell = (i: number) => cells[i] ?? '';
    const packText = cell(8).trim();
    const packCount = packText === '' ? null : /^\d+$/.test(packText) ? Number(packText) : NaN;
    const parsed = certifiedValuesSchema.safeParse({
      description: cell(1),
      brand: cell(2),
      department: cell(3),
      category: cell(4),
      subcategory: cell(5),
      itemSize: cell(6),
      unitsOfMeasure: cell(7),
      packCount: Number.isNaN(packCount) ? -1 : packCount,
    });
    if (!parsed.success) errors.push(...new Set(parsed.error.issues.map((i) => i.message)));
    if (errors.length) bad.push({ row, ean13Upc: ean, errors });
    else good.push({ ean13Upc: ean, values: parsed.data! });
  });
  if (bad.length) {
    const listed = bad.length > IMPORT_ROW_ERRORS_LISTED ? ` The first ${IMPORT_ROW_ERRORS_LISTED} are listed.` : '';
    return {
      ok: false,
      message: `${bad.length} of ${plural(data.length, 'row')} ${bad.length === 1 ? 'is' : 'are'} invalid; nothing was imported.${listed}`,
      rows: bad.slice(0, IMPORT_ROW_ERRORS_LISTED),
    };
  }
  return { ok: true, rows: good };
}

/** The template: header row plus one example row. Cells are quoted when needed. */
export function catalogueCsvTemplate(): string {
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_EXAMPLE].map((r) => r.map(quote).join(',')).join('\r\n') + '\r\n';
}

/** A catalogued product as REST answers it (GraphQL's CataloguedProduct, field for field). */
export const cataloguedProductJsonSchema = z
  .object({
    ean13Upc: z.string(),
    description: z.string(),
    brand: z.string(),
    department: z.string().nullable(),
    category: z.string().nullable(),
    subcategory: z.string().nullable(),
    itemSize: z.string().nullable(),
    unitsOfMeasure: z.string().nullable(),
    packCount: z.number().int().nullable(),
    updatedDate: z.iso.datetime({ offset: true }),
    shippingProfileId: z.number().int().nullable(),
    isDelisted: z.boolean(),
    imageUrls: z.array(z.string()),
    thumbnailUrls: z.array(z.string()),
    can: z.object({ addImages: z.boolean(), setShippingProfile: z.boolean(), delist: z.boolean() }),
  })
  // Not CataloguedProduct: that is the v1 API's (snake_case); one id named both, and this route was documented with
  // the v1 shape.
  .meta({
    id: 'CataloguedProductView',
    examples: [
      {
        ean13Upc: EXAMPLE.ean13Upc,
        description: EXAMPLE.productName,
        brand: EXAMPLE.brand,
        department: 'Grocery',
        category: 'Beverages',
        subcategory: 'Sparkling water',
        itemSize: '1',
        unitsOfMeasure: 'l',
        packCount: 6,
        updatedDate: EXAMPLE.at,
        shippingProfileId: 7,
        isDelisted: false,
        imageUrls: [EXAMPLE.imageUrl],
        thumbnailUrls: [EXAMPLE.thumbnailUrl],
        can: { addImages: true, setShippingProfile: true, delist: false },
      },
    ],
  });

/** The submission that new images of a catalogued product became (reviewed like the intake). */
export const newImagesSubmissionSchema = z.object({
  id: z
    .string()
    .describe('The new submission’s id')
    .meta({ examples: [EXAMPLE.submissionId] }),
});
