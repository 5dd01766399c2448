import { afterEach, describe, expect, it } from 'vitest';
import { intakeRulesFor } from '@portal/domain';
import { fieldRulesFromConfiguration, readSubmissionIds, stillProcessing, storeSubmissionIds, SUBMISSION_IDS_KEY } from './drafts-api.ts';

describe('intake api helpers', () => {
  afterEach(() => localStorage.clear());

  it('reads the field rules the partner configuration answers flat', () => {
    const config = {
      id: 1,
      companyId: 30443,
      companyName: 'FRESH MARKET GROCERS',
      primaryColor: '#2e7d32',
      landingPageEnabled: true,
      productName: { required: true },
      shippingProfile: { required: false, visible: true },
    };
    const rules = fieldRulesFromConfiguration(config);
    expect(rules).toEqual({ productName: { required: true }, shippingProfile: { required: false, visible: true } });
    expect(intakeRulesFor(rules)).toEqual({ productNameRequired: true, shippingProfileRequired: false, primaryImageRequired: true });
  });

  it('keeps the created submission ids under product-submission-ids', () => {
    storeSubmissionIds(['a', 'b']);
    expect(localStorage.getItem(SUBMISSION_IDS_KEY)).toBe('["a","b"]');
    expect(readSubmissionIds()).toEqual(['a', 'b']);
    localStorage.setItem(SUBMISSION_IDS_KEY, 'not json');
    expect(readSubmissionIds()).toEqual([]);
  });

  it('polls while a barcode is being read or a thumbnail made', () => {
    const file = { detectionStatus: 'done', thumbnailReady: true };
    expect(stillProcessing({ files: [file] as never })).toBe(false);
    expect(stillProcessing({ files: [{ ...file, detectionStatus: 'pending' }] as never })).toBe(true);
    expect(stillProcessing({ files: [{ ...file, thumbnailReady: false }] as never })).toBe(true);
    expect(stillProcessing(undefined)).toBe(false);
  });
});
