import { describe, expect, it } from 'vitest';
import { SCOPES } from './scopes.ts';
import { SHIPPING_ASSIGNMENT_PAGE_SIZE } from './constants.ts';
import {
  formatMeasure,
  hasAtMostThreeDecimals,
  SHIPPING_PROFILE_MSG,
  shippingAssignmentsSchema,
  shippingProfileInputSchema,
  shippingProfileNameKey,
  shippingProfilePolicy,
} from './shipping-profile.ts';

const valid = {
  name: '  Pallet, ambient  ',
  caseCount: 12,
  grossWeight: { value: 10.125, unit: 'lbs' },
  netWeight: { value: 9, unit: 'kg' },
  caseLength: { value: 12, unit: 'in' },
  caseWidth: { value: 300.5, unit: 'mm' },
  caseHeight: null,
  palletTiers: 10,
  palletLayers: null,
};

/** The field messages of a failed parse, by path. */
function errorsOf(input: unknown): Record<string, string> {
  const result = shippingProfileInputSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('shipping profile rules (part 2 section 5)', () => {
  it('accepts a full profile, trims the name and drops empty measures', () => {
    expect(shippingProfileInputSchema.parse(valid)).toEqual({
      ...valid,
      name: 'Pallet, ambient',
      caseHeight: null,
    });
    // The form's shapes: '' is nothing, a unit without a value is no measure.
    const fromForm = shippingProfileInputSchema.parse({
      name: 'A',
      caseCount: 1,
      grossWeight: { value: null, unit: 'kg' },
      netWeight: { value: '', unit: '' },
      caseLength: { value: 0, unit: 'mm' },
      caseWidth: undefined,
      caseHeight: { value: null, unit: '' },
      palletTiers: '',
      palletLayers: 0,
    });
    expect(fromForm).toMatchObject({
      grossWeight: null,
      netWeight: null,
      caseLength: { value: 0, unit: 'mm' },
      caseWidth: null,
      palletTiers: null,
      palletLayers: 0,
    });
  });

  it('Name is required and at most 64 characters', () => {
    expect(errorsOf({ ...valid, name: '   ' }).name).toBe('Name is required');
    expect(errorsOf({ ...valid, name: undefined }).name).toBe('Name is required');
    expect(errorsOf({ ...valid, name: 'x'.repeat(65) }).name).toBe('Must be 64 characters or less');
    expect(errorsOf({ ...valid, name: ` ${'x'.repeat(64)} ` })).toEqual({});
  });

  it('Case count is a required integer greater than 0', () => {
    expect(errorsOf({ ...valid, caseCount: null }).caseCount).toBe('Case count is required');
    expect(errorsOf({ ...valid, caseCount: '' }).caseCount).toBe('Case count is required');
    expect(errorsOf({ ...valid, caseCount: 2.5 }).caseCount).toBe('Must be an integer');
    expect(errorsOf({ ...valid, caseCount: 0 }).caseCount).toBe('Must be greater than 0');
    expect(errorsOf({ ...valid, caseCount: -3 }).caseCount).toBe('Must be greater than 0');
    expect(errorsOf({ ...valid, caseCount: Number.NaN }).caseCount).toBe('Must be a number');
  });

  it('weights and dimensions are at least 0 with at most 3 decimals', () => {
    for (const field of ['grossWeight', 'netWeight']) {
      expect(errorsOf({ ...valid, [field]: { value: 1.0005, unit: 'lbs' } })[`${field}.value`]).toBe(
        'Must have no more than 3 digits after decimal',
      );
      expect(errorsOf({ ...valid, [field]: { value: -1, unit: 'kg' } })[`${field}.value`]).toBe(
        SHIPPING_PROFILE_MSG.notNegative,
      );
      expect(errorsOf({ ...valid, [field]: { value: 1.005, unit: 'kg' } })).toEqual({});
    }
    for (const field of ['caseLength', 'caseWidth', 'caseHeight']) {
      expect(errorsOf({ ...valid, [field]: { value: 0.1234, unit: 'in' } })[`${field}.value`]).toBe(
        'Must have no more than 3 digits after decimal',
      );
      expect(errorsOf({ ...valid, [field]: { value: 0, unit: 'mm' } })).toEqual({});
    }
  });

  it('Unit is required when a value is given; weights in lbs or kg, dimensions in in or mm', () => {
    expect(errorsOf({ ...valid, grossWeight: { value: 3, unit: '' } })['grossWeight.unit']).toBe('Unit is required');
    expect(errorsOf({ ...valid, caseHeight: { value: 3, unit: null } })['caseHeight.unit']).toBe('Unit is required');
    expect(errorsOf({ ...valid, netWeight: { value: 3, unit: 'in' } })['netWeight.unit']).toBe('Choose lbs or kg');
    expect(errorsOf({ ...valid, caseLength: { value: 3, unit: 'kg' } })['caseLength.unit']).toBe('Choose in or mm');
  });

  it('pallet tiers (TI) and layers (HI) are integers and may be empty', () => {
    expect(errorsOf({ ...valid, palletTiers: 1.5 }).palletTiers).toBe('Must be an integer');
    expect(errorsOf({ ...valid, palletLayers: 2.25 }).palletLayers).toBe('Must be an integer');
    expect(errorsOf({ ...valid, palletTiers: null, palletLayers: '' })).toEqual({});
  });

  it('names compare trimmed and case-insensitive; measures read as value and unit', () => {
    expect(shippingProfileNameKey('  Ambient ')).toBe(shippingProfileNameKey('AMBIENT'));
    expect(formatMeasure({ value: 12.5, unit: 'lbs' })).toBe('12.5 lbs');
    expect(formatMeasure(null)).toBe('');
    expect(hasAtMostThreeDecimals(2.123)).toBe(true);
    expect(hasAtMostThreeDecimals(2.1234)).toBe(false);
  });

  it('has the spec messages and page size', () => {
    expect(SHIPPING_PROFILE_MSG.duplicateName).toBe('Please choose a name not already in use.');
    expect(SHIPPING_PROFILE_MSG.updatesApplied).toBe('Shipping Profile Updates Applied');
    expect(SHIPPING_ASSIGNMENT_PAGE_SIZE).toBe(8);
  });
});

describe('shipping assignments map', () => {
  it('maps UPCs to booleans', () => {
    expect(shippingAssignmentsSchema.parse({ '0001234567895': true, '036000291452': false })).toEqual({
      '0001234567895': true,
      '036000291452': false,
    });
    expect(shippingAssignmentsSchema.safeParse({ abc: true }).success).toBe(false);
    expect(shippingAssignmentsSchema.safeParse({ '0001234567895': 'yes' }).success).toBe(false);
  });
});

describe('shipping profile permissions (part 2 section 6)', () => {
  const supplier = { scopes: [] as string[], companyId: 1001 };
  const admin = { scopes: [SCOPES.readAllProductSubmissions, SCOPES.writeAllProductSubmissions], companyId: 1000 };
  const viewer = { scopes: [SCOPES.readAllProductSubmissions], companyId: 1000 };

  it('an administrator picks any company and edits only with one selected', () => {
    expect(shippingProfilePolicy.companyToView(admin, null)).toBeNull();
    expect(shippingProfilePolicy.companyToView(admin, 1002)).toBe(1002);
    expect(shippingProfilePolicy.mayEdit(admin, null)).toBe(false);
    expect(shippingProfilePolicy.mayEdit(admin, 1002)).toBe(true);
    expect(shippingProfilePolicy.mayView(admin, 1002)).toBe(true);
  });

  it('a read-only administrator looks but does not edit', () => {
    expect(shippingProfilePolicy.companyToView(viewer, 1001)).toBe(1001);
    expect(shippingProfilePolicy.mayEdit(viewer, 1001)).toBe(false);
  });

  it('a supplier works on their own company only', () => {
    expect(shippingProfilePolicy.companyToView(supplier, null)).toBe(1001);
    expect(shippingProfilePolicy.companyToView(supplier, 1001)).toBe(1001);
    expect(shippingProfilePolicy.companyToView(supplier, 1002)).toBe('other');
    expect(shippingProfilePolicy.mayEdit(supplier, null)).toBe(true);
    expect(shippingProfilePolicy.mayEdit(supplier, 1001)).toBe(true);
    expect(shippingProfilePolicy.mayEdit(supplier, 1002)).toBe(false);
    expect(shippingProfilePolicy.mayView(supplier, 1002)).toBe(false);
  });
});
