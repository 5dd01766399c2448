import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TAB_LABELS,
  activityRedirect,
  activityRowPath,
  partnerStatusShown,
  upcsText,
  activityTabsFor,
  activityTopTab,
  canResubmit,
  defaultActivityTab,
  editMultiplePath,
  offersEditToComplete,
  offersPartnerFilter,
  resubmitUpcError,
} from './activity.ts';
import { REVIEW_MSG } from './statuses.ts';

describe('activity tabs', () => {
  it('standard tabs, Pending Review by default', () => {
    expect(activityTabsFor(false).map((t) => ACTIVITY_TAB_LABELS[t])).toEqual([
      'Requires Action',
      'Rejected',
      'Pending Review',
      'Accepted',
    ]);
    expect(defaultActivityTab(false)).toBe('pending');
  });

  it('list view: Drafts, Active (default), Archived', () => {
    expect(activityTabsFor(true).map((t) => ACTIVITY_TAB_LABELS[t])).toEqual(['Drafts', 'Active', 'Archived']);
    expect(defaultActivityTab(true)).toBe('all');
  });

  it('in the list view the standard routes live inside Drafts and Active', () => {
    expect(activityTopTab('requires_action', true)).toBe('drafts');
    expect(activityTopTab('pending', true)).toBe('all');
    expect(activityTopTab('rejected', true)).toBe('all');
    expect(activityTopTab('accepted', true)).toBe('all');
    expect(activityTopTab('archived', true)).toBe('archived');
    expect(activityTopTab('nonsense', true)).toBeNull();
  });

  it('without the list view its routes redirect', () => {
    expect(activityTopTab('all', false)).toBeNull();
    expect(activityRedirect('drafts', false)).toBe('requires_action');
    expect(activityRedirect('all', false)).toBe('pending');
    expect(activityRedirect('archived', false)).toBe('pending');
    expect(activityRedirect('nonsense', true)).toBe('all');
    expect(activityRedirect('pending', false)).toBeNull();
  });

  it('Edit to complete on Active and Archived only; no partner filter with drafts', () => {
    expect(offersEditToComplete('all')).toBe(true);
    expect(offersEditToComplete('archived')).toBe(true);
    expect(offersEditToComplete('drafts')).toBe(false);
    expect(offersEditToComplete('pending')).toBe(false);
    expect(offersPartnerFilter('drafts')).toBe(false);
    expect(offersPartnerFilter('requires_action')).toBe(false);
    expect(offersPartnerFilter('all')).toBe(true);
  });

  it('row links: drafts to step 2, rejected to resubmit, others to the detail', () => {
    expect(activityRowPath({ kind: 'Draft', id: 'd1', itemStatus: 'IN_PROGRESS' })).toBe('/upload_draft/d1');
    expect(activityRowPath({ kind: 'Product', id: 'p1', itemStatus: 'AUTO_REJECTED' })).toBe(
      '/productSubmissions/p1/resubmit',
    );
    expect(activityRowPath({ kind: 'Product', id: 'p1', itemStatus: 'ADMIN_REJECTED' })).toBe(
      '/productSubmissions/p1/resubmit',
    );
    expect(activityRowPath({ kind: 'Product', id: 'p1', itemStatus: 'SUBMITTED' })).toBe('/productSubmissions/p1');
    expect(activityRowPath({ kind: 'Product', id: 'p1', itemStatus: 'ACCEPTED' })).toBe('/productSubmissions/p1');
  });

  it('edit-multiple link carries the ids', () => {
    expect(editMultiplePath(['a', 'b'])).toBe('/edit-multiple?productSubmissionIds=a,b');
  });
});

describe('resubmission', () => {
  it('UPC: 8 to 14 digits, then the UPC rules', () => {
    expect(resubmitUpcError('1234567')).toBe(REVIEW_MSG.resubmitUpcHint);
    expect(resubmitUpcError('123456789012345')).toBe(REVIEW_MSG.resubmitUpcHint);
    expect(resubmitUpcError('03600029145a')).toBe(REVIEW_MSG.resubmitUpcHint);
    expect(resubmitUpcError('036000291452')).toBeNull();
    expect(resubmitUpcError('036000291453')).toMatch(/check digit/);
  });

  it('needs a change, a new file, a valid UPC and no request under way', () => {
    const base = { upc: '036000291452', originalUpc: '036000291452', fileCount: 0, sending: false };
    expect(canResubmit(base)).toBe(false);
    expect(canResubmit({ ...base, upc: '4006381333931' })).toBe(false);
    expect(canResubmit({ ...base, fileCount: 1 })).toBe(true);
    expect(canResubmit({ ...base, fileCount: 1, sending: true })).toBe(false);
    expect(canResubmit({ ...base, fileCount: 1, upc: '1234' })).toBe(false);
  });
});

describe('partner-status column for the chosen partner (issue 17 item 2)', () => {
  const row = { partnerCompanyId: 30443, partnerStatusLabel: 'Incomplete' };
  it("shows each row's own partner's status when no partner is chosen", () =>
    expect(partnerStatusShown(row, null)).toBe('Incomplete'));
  it("shows the chosen partner's status", () => expect(partnerStatusShown(row, 30443)).toBe('Incomplete'));
  it('is N/A for a submission reviewed for another partner, or for none', () => {
    expect(partnerStatusShown(row, 30500)).toBe('N/A');
    expect(partnerStatusShown({ partnerCompanyId: null, partnerStatusLabel: 'N/A' }, 30443)).toBe('N/A');
  });
});

describe("a row's UPCs (issue 17 item 7)", () => {
  it('writes out one or two codes, counts the rest, and says when there is none', () => {
    expect(upcsText([])).toBe('No UPC Provided');
    expect(upcsText(['0036000291452'])).toBe('0036000291452');
    expect(upcsText(['0036000291452', '4006381333931'])).toBe('0036000291452, 4006381333931');
    expect(upcsText(['0036000291452', '4006381333931', '012345678905', '96385074'])).toBe(
      '0036000291452, 4006381333931 + 2 more',
    );
  });

  it('writes typed 12-digit codes in the GTIN-13 form detected codes have', () => {
    expect(upcsText(['036000291452', '0012345678905'])).toBe('0036000291452, 0012345678905');
  });
});
