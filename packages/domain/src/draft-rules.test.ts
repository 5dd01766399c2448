import { describe, expect, it } from 'vitest';
import {
  checkDraft,
  DRAFT_MSG,
  draftPhotoMismatches,
  effectiveUpc,
  NO_PARTNER_RULES,
  photoCodesDiffer,
  type DraftFileValues,
} from './draft-rules.ts';
import { UPC_MSG } from './gtin.ts';
import { sanitizeProductName } from './product-name.ts';

const file = (over: Partial<DraftFileValues>): DraftFileValues => ({
  fileName: 'a.jpg',
  upc: null,
  detectedUpc: null,
  productName: null,
  isMarketingImage: false,
  shippingProfileId: null,
  ...over,
});
const partner = { productNameRequired: true, shippingProfileRequired: true, primaryImageRequired: true };

describe('product name (part 1 section 5)', () => {
  it('strips emoji and symbols and keeps at most 80 characters', () => {
    expect(sanitizeProductName('Crunchy 🥜 Peanut Butter™ ★ 16oz')).toBe('Crunchy Peanut Butter 16oz');
    expect(sanitizeProductName('Family 👨‍👩‍👧 Pack')).toBe('Family Pack');
    expect(sanitizeProductName('Salt & Pepper, 2+1 ($5 off)')).toBe('Salt & Pepper, 2+1 ($5 off)');
    expect(sanitizeProductName('x'.repeat(100))).toHaveLength(80);
  });
});

describe('upload step 2 rules', () => {
  it('detectedUpc is used as the UPC when none is entered', () => {
    expect(effectiveUpc({ upc: '', detectedUpc: '036000291452' })).toBe('036000291452');
    expect(effectiveUpc({ upc: '4006381333931', detectedUpc: '036000291452' })).toBe('4006381333931');
    expect(checkDraft([file({ detectedUpc: '036000291452' })], NO_PARTNER_RULES).ok).toBe(true);
  });

  it('each file gets its own UPC message', () => {
    const r = checkDraft(
      [file({ fileName: 'a.jpg' }), file({ fileName: 'b.jpg', upc: '012345678900' })],
      NO_PARTNER_RULES,
    );
    expect(r.fields['a.jpg'].upc).toBe(UPC_MSG.empty);
    expect(r.fields['b.jpg'].upc).toBe('The check digit is wrong: for 01234567890 it should be 5.');
  });

  it('two versions of one UPC are refused', () => {
    const r = checkDraft(
      [file({ fileName: 'a.jpg', upc: '036000291452' }), file({ fileName: 'b.jpg', upc: '0036000291452' })],
      NO_PARTNER_RULES,
    );
    expect(r.fields['a.jpg'].upc).toBe(UPC_MSG.duplicateVersions);
    expect(r.fields['b.jpg'].upc).toBe(UPC_MSG.duplicateVersions);
  });

  it('the same UPC must carry the same name', () => {
    const r = checkDraft(
      [
        file({ fileName: 'a.jpg', upc: '036000291452', productName: 'Soup' }),
        file({ fileName: 'b.jpg', upc: '036000291452', productName: 'Stew' }),
      ],
      NO_PARTNER_RULES,
    );
    expect(r.fields['b.jpg'].productName).toBe(DRAFT_MSG.sameUpcDifferentNames);
    const same = checkDraft(
      [
        file({ fileName: 'a.jpg', upc: '036000291452', productName: 'Soup' }),
        file({ fileName: 'b.jpg', upc: '036000291452', productName: 'Soup ' }),
      ],
      NO_PARTNER_RULES,
    );
    expect(same.ok).toBe(true);
  });

  it('with a partner: product name required, a primary image and a shipping profile per UPC', () => {
    const r = checkDraft([file({ fileName: 'a.jpg', upc: '036000291452' })], partner);
    expect(r.fields['a.jpg'].productName).toBe(DRAFT_MSG.productNameRequired);
    expect(r.products).toEqual([
      // Typed as 12 digits, named in the one GTIN-13 form every list shows.
      'Please indicate which picture(s) we should use as the marketing image(s) for the product with upc 0036000291452',
      'Please add a shipping profile for the product with upc 0036000291452',
    ]);
    const fixed = checkDraft(
      [file({ upc: '036000291452', productName: 'Soup', isMarketingImage: true, shippingProfileId: 3 })],
      partner,
    );
    expect(fixed.ok).toBe(true);
  });

  it('needs at least one file', () => {
    expect(checkDraft([], NO_PARTNER_RULES).products).toEqual([DRAFT_MSG.noFiles]);
  });
});

describe('a UPC that differs from the photo (asked at Submit, rejected by the automated checks)', () => {
  it('names each product whose images show codes and none of them its UPC, in any of its forms', () => {
    const files = [
      { fileName: 'a.png', upc: '036000291452', detectedUpcs: ['4006381333931'] },
      { fileName: 'a-side.png', upc: '036000291452', detectedUpcs: [] },
      { fileName: 'b.png', upc: '4006381333931', detectedUpcs: ['4006381333931', '036000291452'] },
      { fileName: 'c.png', upc: '0036000241457', detectedUpcs: ['036000241457'] },
      { fileName: 'd.png', upc: '', detectedUpcs: ['036000241457'] },
    ];
    expect(draftPhotoMismatches(files)).toEqual([
      { upc: '0036000291452', detected: ['4006381333931'], fileNames: ['a.png'] },
    ]);
    expect(photoCodesDiffer('036000291452', [])).toBeNull();
    expect(photoCodesDiffer('036000291452', ['0036000291452'])).toBeNull();
  });
});
