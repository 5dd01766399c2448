/**
 * Deciding with the context (the review workspace's /review/:id): the proposal beside the catalogued product of its
 * UPC, and a resubmission beside the version that was rejected. The server sends every value as the text the pages
 * show (numbers as stored, yes/no, names of lists), so the comparisons here are of text, forgiving only case, spacing
 * and the zeros of a number. No zod here (the schemas are review-compare-schema.ts).
 */
import { REVIEW_FIELD_LABELS, type ReviewCommentField } from './review-comments.ts';

/** The proposal's values as shown, by field (null: not filled in). */
export type ProposalValues = Partial<Record<ReviewCommentField, string | null>>;

/** The fields of a proposal in the order the review page lists them (the UPC first). */
export const PROPOSAL_FIELDS = Object.keys(REVIEW_FIELD_LABELS) as ReviewCommentField[];

/** Two shown values the same for a reviewer: equal numbers, or equal text but for case and spacing. */
export function sameShownValue(a: string | null | undefined, b: string | null | undefined): boolean {
  const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  const number = /^-?\d+(\.\d+)?$/;
  return number.test(x) && number.test(y) && Number(x) === Number(y);
}

/** The certified values of a catalogued product, as its catalogue page names them. */
export interface CataloguedValues {
  description: string;
  brand: string;
  department: string | null;
  category: string | null;
  subcategory: string | null;
  itemSize: string | null;
  unitsOfMeasure: string | null;
  packCount: number | null;
}

export interface CataloguedRow {
  label: string;
  certified: string | null;
  /** The proposal's value of the same thing; undefined when the proposal has no such field (nothing to compare). */
  proposed?: string | null;
  differs: boolean;
}

/**
 * Which certified value a proposal's field stands beside: the catalogue's description is the product name, its item
 * size and unit the proposal's size and unit of measure. Department, category, subcategory and pack count have no
 * field in a proposal: shown, never marked.
 */
const CERTIFIED_ROWS: readonly { key: keyof CataloguedValues; label: string; field?: ReviewCommentField }[] = [
  { key: 'description', label: 'Description (product name)', field: 'productName' },
  { key: 'brand', label: 'Brand', field: 'brand' },
  { key: 'itemSize', label: 'Size', field: 'size' },
  { key: 'unitsOfMeasure', label: 'Unit of measure', field: 'unitOfMeasure' },
  { key: 'department', label: 'Department' },
  { key: 'category', label: 'Category' },
  { key: 'subcategory', label: 'Subcategory' },
  { key: 'packCount', label: 'Pack count' },
];

/**
 * The certified values beside the proposal's, each pair marked when they differ. A proposal's empty field does not
 * differ (the supplier did not say otherwise); a certified value the proposal contradicts does.
 */
export function compareWithCatalogue(certified: CataloguedValues, proposal: ProposalValues): CataloguedRow[] {
  return CERTIFIED_ROWS.map(({ key, label, field }) => {
    const raw = certified[key];
    const value = raw == null || raw === '' ? null : String(raw);
    if (!field) return { label, certified: value, differs: false };
    const proposed = proposal[field] ?? null;
    return { label, certified: value, proposed, differs: proposed != null && !sameShownValue(value, proposed) };
  });
}

/** A file as a version kept it: enough to tell it again (name, kind, size, picture) without its bytes. */
export interface VersionFile {
  fileName: string;
  kind: string;
  size: number;
  perceptualHash: string | null;
  detectedUpcs: string[];
}

export type FileChange = 'added' | 'removed' | 'replaced' | 'unchanged';

export interface FieldDiff {
  field: ReviewCommentField;
  label: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

export interface FileDiff {
  fileName: string;
  change: FileChange;
  before: VersionFile | null;
  after: VersionFile | null;
}

/** The same file again: same kind and size, and the same picture where both were read (else a new file). */
const sameFile = (a: VersionFile, b: VersionFile) =>
  a.kind === b.kind &&
  a.size === b.size &&
  (!a.perceptualHash || !b.perceptualHash || a.perceptualHash === b.perceptualHash);

/** Every field of both versions, changed or not, in the page's order (only fields either version has). */
export function diffFields(before: ProposalValues, after: ProposalValues): FieldDiff[] {
  return PROPOSAL_FIELDS.filter((f) => before[f] != null || after[f] != null).map((field) => {
    const b = before[field] ?? null;
    const a = after[field] ?? null;
    return { field, label: REVIEW_FIELD_LABELS[field], before: b, after: a, changed: !sameShownValue(b, a) };
  });
}

/**
 * The files of two versions matched by name: a name only the new version has was added, one only the old had was
 * removed, one both have was replaced when its kind, size or picture differs. The new version's order first,
 * then the removed ones.
 */
export function diffFiles(before: readonly VersionFile[], after: readonly VersionFile[]): FileDiff[] {
  const old = new Map(before.map((f) => [f.fileName, f]));
  const now = new Set(after.map((f) => f.fileName));
  return [
    ...after.map((a): FileDiff => {
      const b = old.get(a.fileName) ?? null;
      return {
        fileName: a.fileName,
        change: !b ? 'added' : sameFile(a, b) ? 'unchanged' : 'replaced',
        before: b,
        after: a,
      };
    }),
    ...before
      .filter((b) => !now.has(b.fileName))
      .map((b): FileDiff => ({ fileName: b.fileName, change: 'removed', before: b, after: null })),
  ];
}

export const FILE_CHANGE_WORDS: Record<FileChange, string> = {
  added: 'New',
  removed: 'Removed',
  replaced: 'Replaced',
  unchanged: 'Unchanged',
};
