import { describe, expect, it } from 'vitest';
import {
  BULK_EDIT_STEPS,
  bulkEditColumns,
  bulkEditRowSchema,
  isValidMoneyValue,
  isValidNumberValue,
  numericInputText,
  wasRounded,
  MAX_BULK_EDIT_STEPS,
  parseMoneyInput,
  parseNumberInput,
  stepErrors,
  stepErrorsByRow,
  SUGGESTED_CLASSES,
  UOM_OPTIONS,
  visibleBulkEditSteps,
  type BulkEditValues,
} from './bulk-edit.ts';
import { partnerStatusLabel } from './statuses.ts';
import { computePartnerStatuses } from './readiness.ts';

const empty: BulkEditValues = {
  productName: null,
  companyName: null,
  suggestedClass: null,
  marketAccounts: [],
  attributes: [],
  height: null,
  width: null,
  depth: null,
  size: null,
  uom: null,
  fobCost: null,
  msrp: null,
  edlp: null,
  deliveredCost: null,
  wholesaleCost: null,
  freeFill: null,
  inStoreDemo: null,
  fairShareMerchandisingSupport: null,
  paidAds: null,
  offInvoice: null,
  tpr: null,
};
const full: BulkEditValues = {
  productName: 'Oats',
  companyName: 'Green Valley',
  suggestedClass: 'PET',
  marketAccounts: [{ id: 1 }],
  attributes: [{ id: 2 }],
  height: 1,
  width: 2,
  depth: 3,
  size: 18,
  uom: 'oz',
  fobCost: 1.5,
  msrp: 3.99,
  edlp: 3.49,
  deliveredCost: 2,
  wholesaleCost: 1.75,
  freeFill: true,
  inStoreDemo: false,
  fairShareMerchandisingSupport: false,
  paidAds: true,
  offInvoice: false,
  tpr: false,
};
const id = '0b9a3c1e-5d2f-4a8b-9c7d-1e2f3a4b5c6d';

describe('reference options', () => {
  it('has the 14 suggested classes and the UOM options count and oz', () => {
    expect(SUGGESTED_CLASSES).toHaveLength(14);
    expect(SUGGESTED_CLASSES[0]).toBe('ALCOHOL');
    expect(SUGGESTED_CLASSES).toContain('FOOD & BEVERAGE - MEAT & MEAT ALTERNATIVES');
    expect(UOM_OPTIONS).toEqual(['count', 'oz']);
  });
});

describe('number input rule: at most 7 digits ignoring the point, rounded to 3 decimals', () => {
  it('accepts up to 7 digits and rounds to 3 decimals', () => {
    expect(parseNumberInput('1234567')).toBe(1234567);
    expect(parseNumberInput('1234.567')).toBe(1234.567);
    expect(parseNumberInput('12.34567')).toBe(12.346);
    expect(parseNumberInput('0.5')).toBe(0.5);
    expect(parseNumberInput('  ')).toBeNull();
  });
  it('refuses more than 7 digits, negatives and text', () => {
    expect(parseNumberInput('12345678')).toBeUndefined();
    expect(parseNumberInput('12345.678')).toBeUndefined();
    expect(parseNumberInput('-1')).toBeUndefined();
    expect(parseNumberInput('abc')).toBeUndefined();
    expect(parseNumberInput('.')).toBeUndefined();
    expect(isValidNumberValue(9999999)).toBe(true);
    expect(isValidNumberValue(10000000)).toBe(false);
  });
  it('keeps every digit typed (and one point): the rule is applied on commit, never by dropping digits', () => {
    expect(numericInputText('12a3.45678')).toBe('123.45678');
    expect(numericInputText('123456789')).toBe('123456789');
    expect(numericInputText('1.2.3')).toBe('1.23');
    expect(wasRounded('1234.56789', parseNumberInput('1234.56789'))).toBe(true);
    expect(wasRounded('1234.5', parseNumberInput('1234.5'))).toBe(false);
  });
});

describe('money input rule: 3 integer digits and 2 decimals', () => {
  it('accepts and rounds to 2 decimals', () => {
    expect(parseMoneyInput('999.99')).toBe(999.99);
    expect(parseMoneyInput('3.999')).toBe(4);
    expect(parseMoneyInput('1.005')).toBe(1.01);
    expect(parseMoneyInput('$4.5')).toBe(4.5);
    expect(parseMoneyInput('')).toBeNull();
  });
  it('refuses 4 integer digits and rounding that reaches 1000', () => {
    expect(parseMoneyInput('1000')).toBeUndefined();
    expect(parseMoneyInput('999.999')).toBeUndefined();
    expect(isValidMoneyValue(-0.01)).toBe(false);
  });
  it('rounds extra decimals on commit and says so; refuses a fourth integer digit', () => {
    expect(parseMoneyInput('12.345')).toBe(12.35);
    expect(wasRounded('12.345', 12.35)).toBe(true);
    expect(wasRounded('$12.30', 12.3)).toBe(false);
    expect(parseMoneyInput('1234.5')).toBeUndefined();
  });
});

describe('bulk edit row schema (one schema for browser and server)', () => {
  it('accepts a full row and rounds numbers and money', () => {
    const parsed = bulkEditRowSchema.parse({ id, ...full, height: 1.23456, msrp: 3.999 });
    expect(parsed.height).toBe(1.235);
    expect(parsed.msrp).toBe(4);
  });
  it('reports each bad field by name', () => {
    const result = bulkEditRowSchema.safeParse({
      id,
      ...full,
      msrp: 1000,
      size: 123456789,
      suggestedClass: 'TOYS',
      uom: 'kg',
    });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths.sort()).toEqual(['msrp', 'size', 'suggestedClass', 'uom']);
    expect(result.error!.issues.find((i) => i.path[0] === 'uom')!.message).toBe('Please choose count or oz.');
  });
  it('saves incomplete rows: blanks become null', () => {
    expect(bulkEditRowSchema.parse({ id, ...empty, productName: '  ' }).productName).toBeNull();
  });
});

describe('steps shown and step checks from the partner field rules', () => {
  it('shows at most 4 steps; the last three only where the partner shows them', () => {
    expect(visibleBulkEditSteps({})).toEqual([...BULK_EDIT_STEPS]);
    expect(visibleBulkEditSteps({})).toHaveLength(MAX_BULK_EDIT_STEPS);
    expect(
      visibleBulkEditSteps({ placementFieldsVisible: { visible: false }, promotionFieldsVisible: { visible: false } }),
    ).toEqual(['Basic Attributes', 'Pricing']);
  });

  it('Basic Attributes: product name always; brand if required; suggested class if visible and required', () => {
    expect(stepErrors('Basic Attributes', empty, {})).toEqual({
      productName: 'Product Name is required',
      companyName: 'Brand is required',
      suggestedClass: 'Suggested Class is required',
    });
    expect(
      stepErrors('Basic Attributes', empty, {
        brand: { required: false },
        suggestedClass: { visible: true, required: false },
      }),
    ).toEqual({
      productName: 'Product Name is required',
    });
    expect(
      stepErrors(
        'Basic Attributes',
        { ...empty, productName: 'x' },
        { brand: { required: false }, suggestedClass: { visible: false } },
      ),
    ).toEqual({});
    // Market accounts and attributes are never required.
    expect(stepErrors('Basic Attributes', { ...full, marketAccounts: [], attributes: [] }, {})).toEqual({});
  });

  it('Placement: numbers and UOM where visible and required', () => {
    expect(Object.keys(stepErrors('Placement', empty, {}))).toEqual(['height', 'width', 'depth', 'size', 'uom']);
    expect(
      Object.keys(stepErrors('Placement', empty, { itemWidth: { visible: false }, size: { required: false } })),
    ).toEqual(['height', 'depth', 'uom']);
    expect(stepErrors('Placement', { ...empty, height: 0, width: 1, depth: 2, size: 3, uom: 'count' }, {})).toEqual({});
    // A hidden section requires nothing.
    expect(stepErrors('Placement', empty, { placementFieldsVisible: { visible: false } })).toEqual({});
  });

  it('Pricing: money fields where visible and required', () => {
    expect(stepErrors('Pricing', { ...empty, msrp: 2 }, { fob: { required: false } })).toEqual({
      edlp: 'EDLP is required',
      deliveredCost: 'Delivered Cost is required',
      wholesaleCost: 'Wholesale Cost is required',
    });
  });

  it('Promotion: the six booleans must be set (false counts as set)', () => {
    expect(Object.keys(stepErrors('Promotion', empty, {}))).toHaveLength(6);
    expect(
      stepErrors(
        'Promotion',
        {
          ...empty,
          freeFill: false,
          inStoreDemo: false,
          fairShareMerchandisingSupport: false,
          paidAds: false,
          offInvoice: false,
          tpr: false,
        },
        {},
      ),
    ).toEqual({});
    expect(
      stepErrors('Promotion', empty, {
        freeFill: { visible: false },
        inStoreDemo: { required: false },
        fairShareMerchandisingSupport: { required: false },
        paidAds: { required: false },
        offInvoice: { required: false },
        tpr: { required: false },
      }),
    ).toEqual({});
  });

  it('lists the columns of a step with their required flag', () => {
    const cols = bulkEditColumns('Basic Attributes', {
      dietaryAttributes: { visible: false },
      brand: { required: false },
    });
    expect(cols.map((c) => [c.field, c.required])).toEqual([
      ['productName', true],
      ['companyName', false],
      ['suggestedClass', true],
      ['marketAccounts', false],
    ]);
  });

  it('checks every row and lists only rows with errors', () => {
    const rows = [
      { id: 'a', ...full },
      { id: 'b', ...full, msrp: null },
    ];
    expect(stepErrorsByRow('Pricing', rows, {})).toEqual({ b: { msrp: 'MSRP is required' } });
  });
});

describe('partner statuses', () => {
  it('Fail for each required empty field, Pass for each required field given', () => {
    const statuses = computePartnerStatuses({ ...full, msrp: null }, {});
    expect(statuses).toContainEqual({ type: 'Fail', message: 'MSRP is required' });
    expect(statuses).toContainEqual({ type: 'Pass', message: 'Product Name is provided' });
    expect(statuses.filter((s) => s.type === 'Fail')).toHaveLength(1);
    expect(partnerStatusLabel(statuses)).toBe('Incomplete');
  });
  it('Complete when every required field is given; only the partner’s required fields count', () => {
    expect(partnerStatusLabel(computePartnerStatuses(full, {}))).toBe('Complete');
    const rules = {
      pricingFieldsVisible: { visible: false },
      placementFieldsVisible: { visible: false },
      promotionFieldsVisible: { visible: false },
      brand: { required: false },
      suggestedClass: { required: false },
    };
    expect(computePartnerStatuses({ ...empty, productName: 'x' }, rules)).toEqual([
      { type: 'Pass', message: 'Product Name is provided' },
    ]);
  });
  it('N/A without a partner', () => {
    expect(computePartnerStatuses(full, null)).toEqual([]);
    expect(partnerStatusLabel(computePartnerStatuses(full, null))).toBe('N/A');
  });
});
