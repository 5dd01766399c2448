import { describe, expect, it } from 'vitest';
import { plural, possessive } from './wording.ts';
import { titleCase } from './partner.ts';
import { vendorClaimText, VENDOR_CLAIMS } from './vendor-terms.ts';

describe('wording (issue 17 item 17)', () => {
  it('possessive of a name ending in s takes only the apostrophe', () => {
    expect(possessive('Fresh Market Grocers')).toBe("Fresh Market Grocers'");
    expect(possessive('Northside Market Co-op')).toBe("Northside Market Co-op's");
    expect(vendorClaimText(VENDOR_CLAIMS[5].text, 'Fresh Market Grocers')).toContain(
      "to Fresh Market Grocers' sample address",
    );
  });

  it('counts read in the singular for one', () => {
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(0, 'file')).toBe('0 files');
    expect(plural(3, 'product')).toBe('3 products');
    expect(plural(1, 'needs mapping', 'need mapping')).toBe('1 needs mapping');
  });

  it('partner names in capitals are title-cased; a name already written in mixed case is kept', () => {
    expect(titleCase('FRESH MARKET GROCERS')).toBe('Fresh Market Grocers');
    expect(titleCase('NORTHSIDE MARKET CO-OP')).toBe('Northside Market Co-op');
    expect(titleCase('Northside Market Co-op')).toBe('Northside Market Co-op');
    expect(titleCase('COCA-COLA BOTTLING')).toBe('Coca-Cola Bottling');
    expect(titleCase("O'NEILL FARMS")).toBe("O'Neill Farms");
  });
});
