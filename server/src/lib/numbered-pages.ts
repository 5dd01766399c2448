/**
 * Numbered pages served by keyset (docs/decisions/database.md, "Numbered pages are served by keyset"): page N of a list ordered
 * newest first is read from the nearest place whose position is known (the top, the bottom, or a boundary of a page
 * already shown), skipping only the rows between. The list's total comes from maintained counts, so the bottom is
 * known too.
 */

/** A row that starts or ends a page already shown. */
export interface PageAnchor {
  page: number;
  edge: 'start' | 'end';
  key: string;
  id: string;
}

/**
 * How to read a page: from a position (or the top or bottom when `from` is null), down the list (`older`) or up it
 * (`newer`, whose rows come back oldest first), skipping `skip` rows and taking `take`.
 */
export interface PageRead {
  from: { key: string; id: string; inclusive: boolean } | null;
  direction: 'older' | 'newer';
  skip: number;
  take: number;
}

/** The cheapest read of `page` (1-based); null when the page is past the end (nothing to read). */
export function planPageRead(page: number, pageSize: number, total: number, anchor?: PageAnchor): PageRead | null {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page > pages || total === 0) return null;
  const candidates: PageRead[] = [];
  if (anchor) {
    const at = (inclusive: boolean) => ({ key: anchor.key, id: anchor.id, inclusive });
    // The anchor's place in the list, counting from the top: its page's first or last row.
    if (anchor.edge === 'end' && page > anchor.page)
      candidates.push({
        from: at(false),
        direction: 'older',
        skip: (page - anchor.page - 1) * pageSize,
        take: pageSize,
      });
    else if (anchor.edge === 'end') {
      // The last page may be short: the anchor and the page's last row are where the total puts them.
      const lastOf = (p: number) => Math.min(p * pageSize, total) - 1;
      candidates.push({
        from: at(true),
        direction: 'newer',
        skip: Math.max(0, lastOf(anchor.page) - lastOf(page)),
        take: Math.min(pageSize, total - (page - 1) * pageSize),
      });
    } else if (page >= anchor.page)
      candidates.push({ from: at(true), direction: 'older', skip: (page - anchor.page) * pageSize, take: pageSize });
    else
      candidates.push({
        from: at(false),
        direction: 'newer',
        skip: (anchor.page - 1 - page) * pageSize,
        take: pageSize,
      });
  }
  candidates.push({ from: null, direction: 'older', skip: (page - 1) * pageSize, take: pageSize });
  candidates.push({
    from: null,
    direction: 'newer',
    skip: Math.max(0, total - page * pageSize),
    take: Math.min(pageSize, total - (page - 1) * pageSize),
  });
  // The fewest rows skipped; on a tie the anchor first (it does not move when rows arrive above it), then the top.
  return candidates.reduce((best, c) => (c.skip < best.skip ? c : best));
}
