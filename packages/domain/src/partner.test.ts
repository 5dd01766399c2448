import { describe, expect, it } from 'vitest';
import { isHexColour, parsePartnerSegment, titleCase, withPartner } from './partner.ts';

describe('partner prefix', () => {
  it('only a positive number is a partner segment', () => {
    expect(parsePartnerSegment('30443')).toBe(30443);
    expect(parsePartnerSegment('login')).toBeNull();
    expect(parsePartnerSegment('0')).toBeNull();
    expect(parsePartnerSegment('12a')).toBeNull();
    expect(parsePartnerSegment(undefined)).toBeNull();
  });

  it('prefixes internal links when a partner is set', () => {
    expect(withPartner('/activity', 30443)).toBe('/30443/activity');
    expect(withPartner('/', 30443)).toBe('/30443');
    expect(withPartner('/activity', null)).toBe('/activity');
  });

  it('title-cases company names and accepts only hex colours', () => {
    expect(titleCase('FRESH MARKET GROCERS')).toBe('Fresh Market Grocers');
    expect(isHexColour('#2e7d32')).toBe(true);
    expect(isHexColour('#fff')).toBe(true);
    expect(isHexColour('red')).toBe(false);
    expect(isHexColour('#fff;background:url(x)')).toBe(false);
  });
});
