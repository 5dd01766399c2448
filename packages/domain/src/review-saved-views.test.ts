import { describe, expect, it } from 'vitest';
import { parseReviewQueueSearch } from './review.ts';
import {
  parseViewFilters,
  reviewSavedViewBody,
  viewAddress,
  viewFiltersOf,
  viewNameTaken,
} from './review-saved-views.ts';

describe('saved views of the review queue', () => {
  it("keeps the queue's filters and order as the address writes them, without page and page size", () => {
    const q = parseReviewQueueSearch('photo=TOO_DARK,BLURRY&partner=30443&sort=overSla&page=4&size=50');
    expect(viewFiltersOf(q)).toBe('partner=30443&photo=BLURRY%2CTOO_DARK&sort=overSla');
    expect(viewFiltersOf(parseReviewQueueSearch(''))).toBe('');
  });
  it('reads back only filters the queue takes: unknown keys, wrong values and repeated keys are none', () => {
    expect(parseViewFilters('overSla=true&partner=30443&page=2')).toBe('partner=30443&overSla=true');
    expect(parseViewFilters('')).toBe('');
    for (const bad of ['colour=red', 'status=NOPE', 'olderThan=0', 'sort=cheapest', 'partner=1&partner=2'])
      expect(parseViewFilters(bad), bad).toBeNull();
    expect(reviewSavedViewBody.safeParse({ name: 'Late', filters: 'overSla=true' }).success).toBe(true);
    expect(reviewSavedViewBody.safeParse({ name: 'Late', filters: 'colour=red' }).success).toBe(false);
    expect(reviewSavedViewBody.safeParse({ name: '  ', filters: '' }).success).toBe(false);
  });
  it("applies a view at page 1 with the reviewer's own page size", () => {
    expect(viewAddress('partner=30443&overSla=true', { size: 50 })).toBe('partner=30443&overSla=true&size=50');
    expect(viewAddress('partner=30443', { size: 25 })).toBe('partner=30443');
  });
  it('a name is taken by another view of the same reviewer, whatever its case and spaces', () => {
    const views = [
      { id: 1, name: 'Over SLA' },
      { id: 2, name: 'Mine' },
    ];
    expect(viewNameTaken(views, ' over sla ')).toBe(true);
    expect(viewNameTaken(views, 'over sla', 1)).toBe(false);
    expect(viewNameTaken(views, 'Fresh Market')).toBe(false);
  });
});
