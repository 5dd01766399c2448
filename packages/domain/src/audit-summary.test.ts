import { describe, expect, it } from 'vitest';
import { auditSummaryLines, describeAuditSummary } from './audit-summary.ts';

describe('audit summaries in words', () => {
  it('names partner settings as the settings screen does, with no raw JSON', () => {
    expect(
      auditSummaryLines({
        primaryColor: '#123456',
        landingPageEnabled: false,
        blockingPhotoChecks: ['BLURRY', 'LOW_RESOLUTION'],
        fieldRules: { msrp: { required: false }, pricingFieldsVisible: { visible: false } },
      }),
    ).toEqual([
      'Primary colour: #123456',
      'Landing page: off',
      'Photo checks that block Submit: Blurry, Low resolution',
      'MSRP required: off',
      'Show Pricing fields: off',
    ]);
    expect(auditSummaryLines({ blockingPhotoChecks: [], secondaryColor: null })).toEqual([
      'Photo checks that block Submit: (none)',
      'Button colour: (none)',
    ]);
  });

  it('writes any other nested value path by path and keeps plain values as they are', () => {
    const text = describeAuditSummary({ status: 'ACCEPTED', detail: { reason: 'Blurry', codes: ['1', '2'] } });
    expect(text).toBe('status: ACCEPTED; detail reason: Blurry; detail codes: 1, 2');
    expect(text).not.toMatch(/[{}"]/);
  });
});
