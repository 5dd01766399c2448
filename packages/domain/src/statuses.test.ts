import { describe, expect, it } from 'vitest';
import { sameUpc } from './gtin.ts';
import {
  ACTIVITY_TABS,
  adminBadge,
  canTransition,
  ITEM_STATUSES,
  partnerStatusLabel,
  statusChangedNotice,
  statusDisplayName,
  type ItemStatus,
  rejectionReasonProblem,
  REVIEW_MSG,
} from './statuses.ts';

describe('statuses (part 1 section 4)', () => {
  it('display names: Draft for InProgress, Rejected for a staff rejection, Rejected automatically for the checks', () => {
    expect(statusDisplayName('IN_PROGRESS')).toBe('Draft');
    expect(statusDisplayName('AUTO_REJECTED')).toBe('Rejected automatically');
    expect(statusDisplayName('ADMIN_REJECTED')).toBe('Rejected');
    expect(statusDisplayName('CATALOGUED')).toBe('Catalogued');
  });

  it('activity tabs map to statuses as the spec says', () => {
    expect(ACTIVITY_TABS.pending).toEqual(['SUBMITTED']);
    expect(ACTIVITY_TABS.rejected).toEqual(['AUTO_REJECTED', 'ADMIN_REJECTED']);
    expect(ACTIVITY_TABS.accepted).toEqual(['ACCEPTED']);
    expect(ACTIVITY_TABS.archived).toEqual(['CATALOGUED']);
    expect([...ACTIVITY_TABS.all].sort()).toEqual(['ACCEPTED', 'ADMIN_REJECTED', 'AUTO_REJECTED', 'SUBMITTED']);
    expect(ACTIVITY_TABS.requires_action).toContain('IN_PROGRESS');
  });

  it('success notice is the status in lower case', () => {
    expect(statusChangedNotice('ACCEPTED')).toBe('Item has been accepted.');
    expect(statusChangedNotice('ADMIN_REJECTED')).toBe('Item has been rejected.');
  });
});

describe('transition table', () => {
  const allowed: [ItemStatus, ItemStatus, 'supplier' | 'staff' | 'system'][] = [
    ['SUBMITTED', 'ACCEPTED', 'staff'],
    ['SUBMITTED', 'ADMIN_REJECTED', 'staff'],
    ['SUBMITTED', 'AUTO_REJECTED', 'system'],
    ['AUTO_REJECTED', 'ACCEPTED', 'staff'],
    ['AUTO_REJECTED', 'ADMIN_REJECTED', 'staff'],
    ['AUTO_REJECTED', 'SUBMITTED', 'supplier'],
    ['ADMIN_REJECTED', 'SUBMITTED', 'supplier'],
    ['ACCEPTED', 'CATALOGUED', 'staff'],
    ['CATALOGUED', 'DELISTED', 'staff'],
  ];
  it.each(allowed)('%s → %s by %s is allowed', (from, to, actor) => expect(canTransition(from, to, actor)).toBe(true));

  it('everything else is refused', () => {
    const ok = new Set(allowed.map(([f, t, a]) => `${f}>${t}>${a}`));
    const extra = new Set([
      'IN_PROGRESS>SUBMITTED>supplier',
      'IN_PROGRESS>SUBMITTED>staff',
      'PREPOPULATED>SUBMITTED>supplier',
      'PREPOPULATED>SUBMITTED>staff',
      'AUTO_REJECTED>SUBMITTED>staff',
      'ADMIN_REJECTED>SUBMITTED>staff',
    ]);
    for (const from of ITEM_STATUSES)
      for (const to of ITEM_STATUSES)
        for (const actor of ['supplier', 'staff', 'system'] as const) {
          const key = `${from}>${to}>${actor}`;
          expect(canTransition(from, to, actor), key).toBe(ok.has(key) || extra.has(key));
        }
  });

  it('suppliers cannot accept or reject their own items', () => {
    expect(canTransition('SUBMITTED', 'ACCEPTED', 'supplier')).toBe(false);
    expect(canTransition('SUBMITTED', 'ADMIN_REJECTED', 'supplier')).toBe(false);
  });
});

describe('admin badge', () => {
  it("'Matches Photo' when every detected UPC equals the submission UPC", () => {
    expect(adminBadge('036000291452', ['0036000291452'], sameUpc)).toBe('Matches Photo');
  });
  it("'Flagged for Review' with no detected UPCs, or a mix of the UPC and others", () => {
    expect(adminBadge('036000291452', [], sameUpc)).toBe('Flagged for Review');
    expect(adminBadge('036000291452', ['0036000291452', '4006381333931'], sameUpc)).toBe('Flagged for Review');
  });
  it('no badge when every detected code differs', () => {
    expect(adminBadge('036000291452', ['4006381333931'], sameUpc)).toBeNull();
  });
});

describe('partner status label', () => {
  it('Incomplete / Complete / N/A', () => {
    expect(
      partnerStatusLabel([
        { type: 'Pass', message: '' },
        { type: 'Fail', message: 'MSRP is required' },
      ]),
    ).toBe('Incomplete');
    expect(partnerStatusLabel([{ type: 'Info', message: '' }])).toBe('Incomplete');
    expect(partnerStatusLabel([{ type: 'Pass', message: '' }])).toBe('Complete');
    expect(partnerStatusLabel([])).toBe('N/A');
    expect(partnerStatusLabel(null)).toBe('N/A');
  });
});

describe('rejection reason', () => {
  it('is required, trimmed and at most 1000 characters', () => {
    expect(rejectionReasonProblem(null)).toBe(REVIEW_MSG.rejectionReasonRequired);
    expect(rejectionReasonProblem('   ')).toBe(REVIEW_MSG.rejectionReasonRequired);
    expect(rejectionReasonProblem(' Blurry ')).toBeNull();
    expect(rejectionReasonProblem(` ${'y'.repeat(1000)} `)).toBeNull();
    expect(rejectionReasonProblem('y'.repeat(1001))).toBe(REVIEW_MSG.rejectionReasonTooLong);
    expect(REVIEW_MSG.rejectionReasonTooLong).toBe('Please keep the reason to 1000 characters or fewer.');
  });
});
