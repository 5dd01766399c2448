import { describe, expect, it } from 'vitest';
import { compareWithCatalogue, diffFields, diffFiles, sameShownValue, type VersionFile } from './review-compare.ts';
import { reviewCommentPlace } from './review-comments.ts';
import { reviewCommentInputSchema } from './review-comments-schema.ts';

const file = (fileName: string, o: Partial<VersionFile> = {}): VersionFile => ({
  fileName,
  kind: 'png',
  size: 100,
  perceptualHash: null,
  detectedUpcs: [],
  ...o,
});

describe('deciding with the context', () => {
  it('takes values that differ only by case, spacing or the zeros of a number as the same', () => {
    expect(sameShownValue('Oat  Crunch ', 'oat crunch')).toBe(true);
    expect(sameShownValue('12.50', '12.5')).toBe(true);
    expect(sameShownValue('12', '13')).toBe(false);
    expect(sameShownValue(null, '')).toBe(true);
  });

  it('marks a certified value the proposal contradicts, not one it leaves empty or has no field for', () => {
    const rows = compareWithCatalogue(
      {
        description: 'Oat Crunch',
        brand: 'Blue Spring',
        department: 'Cereal',
        category: null,
        subcategory: null,
        itemSize: '500',
        unitsOfMeasure: 'g',
        packCount: 6,
      },
      { productName: 'OAT CRUNCH', brand: 'Green Valley', size: null },
    );
    const by = Object.fromEntries(rows.map((r) => [r.label, r]));
    expect(by['Description (product name)'].differs).toBe(false);
    expect(by.Brand).toEqual({ label: 'Brand', certified: 'Blue Spring', proposed: 'Green Valley', differs: true });
    expect(by.Size.differs).toBe(false);
    expect(by['Pack count']).toEqual({ label: 'Pack count', certified: '6', differs: false });
  });

  it('diffs the fields either version has, and matches files by name, the same when kind, size and picture agree', () => {
    expect(diffFields({ upc: '1', brand: 'A' }, { upc: '1', brand: 'B', msrp: '2' })).toEqual([
      { field: 'upc', label: 'UPC', before: '1', after: '1', changed: false },
      { field: 'brand', label: 'Brand', before: 'A', after: 'B', changed: true },
      { field: 'msrp', label: 'MSRP', before: null, after: '2', changed: true },
    ]);
    const diff = diffFiles(
      [file('front.png', { perceptualHash: 'aa' }), file('back.png'), file('rear.png'), file('side.png', { size: 5 })],
      [
        file('front.png', { perceptualHash: 'aa' }),
        file('back.png', { size: 7 }),
        file('rear.png', { perceptualHash: 'bb' }),
        file('top.png'),
      ],
    );
    expect(diff.map((d) => [d.fileName, d.change])).toEqual([
      ['front.png', 'unchanged'],
      ['back.png', 'replaced'],
      ['rear.png', 'unchanged'],
      ['top.png', 'added'],
      ['side.png', 'removed'],
    ]);
  });

  it('takes a comment on any attribute of the proposal, named by its label, and refuses an unknown one', () => {
    const parsed = reviewCommentInputSchema.parse({ target: 'msrp', text: 'Too low.', fileName: 'x.png' });
    // A comment carries a reason code for reporting too (none given here).
    expect(parsed).toEqual({ target: 'msrp', text: 'Too low.', fileName: null, region: null, reasonCode: null });
    expect(reviewCommentPlace(parsed)).toBe('MSRP');
    expect(reviewCommentInputSchema.safeParse({ target: 'colour', text: 'x' }).success).toBe(false);
  });
});
