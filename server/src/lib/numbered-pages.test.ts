import { describe, expect, it } from 'vitest';
import { planPageRead, type PageAnchor } from './numbered-pages.ts';

/** The list as page reads see it: rows 1..total, newest first; a read returns the rows of the page it plans. */
function rowsOf(total: number, read: NonNullable<ReturnType<typeof planPageRead>>, anchorIndex?: number): number[] {
  const all = Array.from({ length: total }, (_, i) => i + 1);
  let start: number; // index of the first row read, in the read's own direction
  if (read.direction === 'older') {
    start = read.from ? anchorIndex! + (read.from.inclusive ? 0 : 1) : 0;
    return all.slice(start + read.skip, start + read.skip + read.take);
  }
  const up = [...all].reverse();
  start = read.from ? total - 1 - anchorIndex! + (read.from.inclusive ? 0 : 1) : 0;
  return up.slice(start + read.skip, start + read.skip + read.take).reverse();
}
const pageRows = (total: number, size: number, page: number) =>
  Array.from({ length: total }, (_, i) => i + 1).slice((page - 1) * size, page * size);

describe('numbered pages served by keyset', () => {
  const total = 200_000;
  const size = 10;

  it('reads page 1 from the top and the last page from the bottom, skipping nothing', () => {
    expect(planPageRead(1, size, total)).toEqual({ from: null, direction: 'older', skip: 0, take: 10 });
    expect(planPageRead(20_000, size, total)).toEqual({ from: null, direction: 'newer', skip: 0, take: 10 });
    expect(planPageRead(3, 10, 25)).toEqual({ from: null, direction: 'newer', skip: 0, take: 5 });
  });

  it('reads the next and the previous page from the boundary of the page shown, skipping nothing', () => {
    const end: PageAnchor = { page: 9_999, edge: 'end', key: '1', id: 'a' };
    expect(planPageRead(10_000, size, total, end)).toMatchObject({ direction: 'older', skip: 0, take: 10 });
    const start: PageAnchor = { page: 10_001, edge: 'start', key: '1', id: 'a' };
    expect(planPageRead(10_000, size, total, start)).toMatchObject({ direction: 'newer', skip: 0, take: 10 });
  });

  it('a page asked for without a boundary skips only the rows from the nearer end', () => {
    expect(planPageRead(100, size, total)?.skip).toBe(990);
    expect(planPageRead(19_900, size, total)?.skip).toBe(1_000);
  });

  it('a page past the end, or of an empty list, reads nothing', () => {
    expect(planPageRead(3, 10, 20)).toBeNull();
    expect(planPageRead(1, 10, 0)).toBeNull();
  });

  it('every plan, from every anchor, reads exactly the rows of the page asked for', () => {
    for (const t of [1, 9, 10, 11, 25, 57]) {
      const pages = Math.ceil(t / 4);
      for (let page = 1; page <= pages; page++) {
        expect(rowsOf(t, planPageRead(page, 4, t)!)).toEqual(pageRows(t, 4, page));
        for (let anchorPage = 1; anchorPage <= pages; anchorPage++) {
          const rows = pageRows(t, 4, anchorPage);
          for (const edge of ['start', 'end'] as const) {
            const anchorRow = edge === 'start' ? rows[0] : rows[rows.length - 1];
            const read = planPageRead(page, 4, t, { page: anchorPage, edge, key: '0', id: String(anchorRow) })!;
            expect(rowsOf(t, read, anchorRow - 1), `total ${t} page ${page} from ${edge} of ${anchorPage}`).toEqual(
              pageRows(t, 4, page),
            );
          }
        }
      }
    }
  });
});
