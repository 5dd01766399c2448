import { describe, expect, it } from 'vitest';
import {
  compressToUpcE,
  displayUpc,
  expandUpcE,
  gs1CheckDigit,
  hasValidCheckDigit,
  sameUpc,
  toEan13,
  upcDigits,
  upcError,
  UPC_MSG,
} from './gtin.ts';

describe('GS1 check digits', () => {
  it.each([
    ['GTIN-8', '9638507', 4],
    ['GTIN-12 (UPC-A)', '03600029145', 2],
    ['GTIN-13 (EAN-13)', '400638133393', 1],
    ['GTIN-14', '1001234567890', 2],
  ])('%s body %s', (_kind, body, digit) => expect(gs1CheckDigit(body)).toBe(digit));

  it('validates whole codes', () => {
    expect(hasValidCheckDigit('96385074')).toBe(true);
    expect(hasValidCheckDigit('036000291452')).toBe(true);
    expect(hasValidCheckDigit('4006381333931')).toBe(true);
    expect(hasValidCheckDigit('10012345678902')).toBe(true);
    expect(hasValidCheckDigit('036000291453')).toBe(false);
  });

  it('UPC-E expands to UPC-A and carries the UPC-A check digit', () => {
    expect(expandUpcE('04252614')).toBe('042100005264');
    expect(expandUpcE('01234505')).toBe('012000003455');
    expect(expandUpcE('01234565')).toBe('012345000065');
    expect(hasValidCheckDigit(expandUpcE('04252614'))).toBe(true);
    expect(upcError('04252614')).toBeNull();
    expect(upcError('04252615')).toBe(UPC_MSG.checkDigit('0425261', 4));
  });

  it('a UPC-A compresses back to its UPC-E (each of the four patterns) only when it has one', () => {
    for (const upce of ['04252614', '01234505', '01234531', '01234542', '01234565'])
      expect(compressToUpcE(expandUpcE(upce))).toBe(upce);
    expect(compressToUpcE('036000291452')).toBeNull();
    expect(compressToUpcE('212345000065')).toBeNull();
  });
});

describe('normalisation to the stored form', () => {
  it('keeps digits only, at most 14', () => {
    expect(upcDigits(' 0 36000-29145 2 ')).toBe('036000291452');
    expect(upcDigits('123456789012345678')).toHaveLength(14);
  });

  it('EAN-13 for GTIN-8/12/13 and UPC-E, GTIN-14 for cases', () => {
    expect(toEan13('96385074')).toBe('0000096385074');
    expect(toEan13('036000291452')).toBe('0036000291452');
    expect(toEan13('4006381333931')).toBe('4006381333931');
    expect(toEan13('00036000291452')).toBe('0036000291452');
    expect(toEan13('10012345678902')).toBe('10012345678902');
    expect(toEan13('04252614')).toBe('0042100005264');
    expect(toEan13('12345')).toBeNull();
  });

  it('shows every valid code in one form, GTIN-13 (GTIN-14 for cases, GTIN-8 for EAN-8), and an invalid one as entered', () => {
    const shown: [entered: string, displayed: string][] = [
      ['036000291452', '0036000291452'], // UPC-A
      ['00036000291452', '0036000291452'], // its GTIN-14 with indicator 0
      ['96385074', '96385074'], // EAN-8: the 8 digits on its pack, not 0000096385074
      ['0000096385074', '96385074'], // and so when stored
      ['04252614', '0042100005264'], // UPC-E
      ['4006381333931', '4006381333931'],
      ['10012345678902', '10012345678902'], // a case code keeps its 14 digits
      // Invalid codes keep the digits their message quotes.
      ['036000291453', '036000291453'],
      ['12345', '12345'],
    ];
    expect(shown.map(([entered]) => displayUpc(entered))).toEqual(shown.map(([, displayed]) => displayed));
  });

  it('same UPC in two versions is detected', () => {
    expect(sameUpc('036000291452', '0036000291452')).toBe(true);
    expect(sameUpc('036000291452', '00036000291452')).toBe(true);
    expect(sameUpc('036000291452', '4006381333931')).toBe(false);
  });
});

describe('UPC messages in order (part 1 section 5, DESIGN section 3)', () => {
  it.each([
    ['', UPC_MSG.empty],
    ['abc', UPC_MSG.empty],
    ['1234567', UPC_MSG.length],
    ['0038312345678', UPC_MSG.retailerUse],
    ['038312345675', UPC_MSG.retailerUse],
    ['2112345678903', UPC_MSG.privateLabel],
    ['2212345678900', UPC_MSG.privateLabel],
    ['2512345678909', UPC_MSG.privateLabel],
    ['202345678900', UPC_MSG.variableMeasure],
    ['412345678903', UPC_MSG.inStore],
    ['512345678900', UPC_MSG.coupon],
    ['9812345678902', UPC_MSG.coupon],
    ['9912345678909', UPC_MSG.coupon],
    ['2012345678909', UPC_MSG.restrictedCirculation],
    ['2912345678900', UPC_MSG.restrictedCirculation],
  ])('%s → %s', (input, message) => expect(upcError(input)).toBe(message));

  it.each(['00000000', '000000000000', '0000000000000', '00000000000000'])(
    'all zeros (%s) is a placeholder, though its check digit passes',
    (input) => expect(upcError(input)).toBe(UPC_MSG.allZeros),
  );

  it('names the expected check digit', () => {
    expect(upcError('012345678900')).toBe('The check digit is wrong: for 01234567890 it should be 5.');
    expect(upcError('012345678905')).toBeNull();
    expect(upcError('96385075')).toBe('The check digit is wrong: for 9638507 it should be 4.');
    expect(upcError('4006381333932')).toBe('The check digit is wrong: for 400638133393 it should be 1.');
    expect(upcError('10012345678903')).toBe('The check digit is wrong: for 1001234567890 it should be 2.');
  });
});

describe('prefix rules on the normalised GTIN, whatever length is typed (issue 17 item 6)', () => {
  it.each([
    ['8 (EAN-8)', '21234569', UPC_MSG.privateLabel],
    ['8 (UPC-E of 003830000011)', '00383141', UPC_MSG.retailerUse],
    ['12', '003831234569', UPC_MSG.retailerUse],
    ['12', '211234567898', UPC_MSG.privateLabel],
    ['13', '0038312345678', UPC_MSG.retailerUse],
    ['13 (EAN-13 of 211234567898)', '0211234567898', UPC_MSG.privateLabel],
    ['14', '00383123456788', UPC_MSG.retailerUse],
    ['14', '00211234567898', UPC_MSG.privateLabel],
    ['14 (case code)', '10383123456785', UPC_MSG.retailerUse],
  ])('length %s: %s → %s', (_length, input, message) => expect(upcError(input)).toBe(message));

  it('leaves other codes to the later rules', () => {
    expect(upcError('3831234567890')).not.toBe(UPC_MSG.retailerUse);
    expect(upcError('036000291452')).toBeNull();
  });
});
