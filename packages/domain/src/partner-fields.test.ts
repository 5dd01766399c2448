import { describe, expect, it } from 'vitest';
import {
  intakeRulesFor,
  isFieldRequired,
  isFieldVisible,
  isSectionVisible,
  PARTNER_FIELD_SECTIONS,
  PARTNER_FIELDS,
  resolvedFieldRules,
  setRequired,
  setVisible,
} from './partner-fields.ts';
import { partnerConfigurationInputSchema } from './partner-fields-schema.ts';

describe('partner field rules', () => {
  it('every flag defaults to true when absent', () => {
    expect(isFieldRequired({}, 'msrp')).toBe(true);
    expect(isFieldVisible({}, 'msrp')).toBe(true);
    expect(isFieldRequired({ msrp: { visible: true } }, 'msrp')).toBe(true);
    expect(isFieldRequired({ msrp: { required: false } }, 'msrp')).toBe(false);
  });

  it('the intake reads productName and shippingProfile required, and needs a primary image with a partner', () => {
    expect(intakeRulesFor(null)).toEqual({
      productNameRequired: false,
      shippingProfileRequired: false,
      primaryImageRequired: false,
    });
    expect(intakeRulesFor({ shippingProfile: { required: false } })).toEqual({
      productNameRequired: true,
      shippingProfileRequired: false,
      primaryImageRequired: true,
    });
  });
});

describe('partner configurable fields and switches', () => {
  it('lists every configurable field once, in exactly one section', () => {
    expect(PARTNER_FIELDS).toHaveLength(22);
    const inSections = Object.values(PARTNER_FIELD_SECTIONS).flatMap((s) => s.fields);
    expect([...inSections].sort()).toEqual([...PARTNER_FIELDS].sort());
    expect(PARTNER_FIELD_SECTIONS.pricing.flag).toBe('pricingFieldsVisible');
  });

  it('switching a field to required makes it visible', () => {
    const rules = setRequired({ msrp: { visible: false, required: false } }, 'msrp', true);
    expect(rules.msrp).toEqual({ visible: true, required: true });
  });

  it('switching required off leaves visibility alone', () => {
    expect(setRequired({ msrp: { visible: false } }, 'msrp', false).msrp).toEqual({ visible: false, required: false });
  });

  it('switching visible off clears required; switching it on keeps required as it was', () => {
    expect(setVisible({}, 'fob', false).fob).toEqual({ visible: false, required: false });
    expect(setVisible({ fob: { visible: false, required: false } }, 'fob', true).fob).toEqual({
      visible: true,
      required: false,
    });
  });

  it('required-only and visible-only fields only gain their own flag', () => {
    expect(setRequired({}, 'productName', true).productName).toEqual({ required: true });
    expect(setVisible({}, 'currentlySellingAt', false).currentlySellingAt).toEqual({ visible: false });
  });

  it('the switches do not mutate the rules they are given', () => {
    const rules = { msrp: { visible: false } };
    setRequired(rules, 'msrp', true);
    expect(rules).toEqual({ msrp: { visible: false } });
  });

  it('resolved rules cover every field with defaults applied', () => {
    const resolved = resolvedFieldRules({ msrp: { required: false }, currentlySellingAt: { visible: false } });
    expect(resolved).toHaveLength(PARTNER_FIELDS.length);
    expect(resolved.find((r) => r.field === 'msrp')).toEqual({ field: 'msrp', visible: true, required: false });
    expect(resolved.find((r) => r.field === 'fob')).toEqual({ field: 'fob', visible: true, required: true });
    expect(resolved.find((r) => r.field === 'currentlySellingAt')).toEqual({
      field: 'currentlySellingAt',
      visible: false,
      required: false,
    });
    expect(resolved.find((r) => r.field === 'brand')).toEqual({ field: 'brand', visible: true, required: true });
  });

  it('section flags default to visible', () => {
    expect(isSectionVisible({}, 'placementFieldsVisible')).toBe(true);
    expect(isSectionVisible({ placementFieldsVisible: { visible: false } }, 'placementFieldsVisible')).toBe(false);
  });
});

describe('partner configuration input', () => {
  const valid = {
    primaryColor: '#1f5f8b',
    secondaryColor: null,
    landingPageEnabled: true,
    fieldRules: { msrp: { visible: true, required: false } },
  };
  const ok = (v: unknown) => partnerConfigurationInputSchema.safeParse(v).success;

  it('a field sent not visible is not required, as the settings screen would leave it', () => {
    const parsed = partnerConfigurationInputSchema.parse({
      ...valid,
      fieldRules: { msrp: { visible: false, required: true }, tpr: { visible: false }, fob: { required: true } },
    });
    expect(parsed.fieldRules).toEqual({
      msrp: { visible: false, required: false },
      tpr: { visible: false, required: false },
      fob: { required: true },
    });
  });

  it('takes the updatedDate a change was made from, as an ISO date and time', () => {
    expect(ok({ ...valid, lastUpdatedDate: '2026-11-20T10:00:00.000Z' })).toBe(true);
    expect(ok({ ...valid, lastUpdatedDate: 'yesterday' })).toBe(false);
  });

  it('accepts a valid configuration, with short or long hex colours', () => {
    expect(ok(valid)).toBe(true);
    expect(ok({ ...valid, primaryColor: '#fff', secondaryColor: '#ABCDEF' })).toBe(true);
    expect(ok({ primaryColor: '#000', landingPageEnabled: false })).toBe(true);
  });

  it('requires the primary colour and refuses anything but hex colours', () => {
    const { primaryColor: _p, ...noPrimary } = valid;
    expect(ok(noPrimary)).toBe(false);
    for (const bad of ['red', '', '#ggg', '#fff;background:url(x)', '#12345', 'url(x)']) {
      expect(ok({ ...valid, primaryColor: bad })).toBe(false);
      expect(ok({ ...valid, secondaryColor: bad })).toBe(false);
    }
  });

  it('requires landingPageEnabled as a boolean', () => {
    expect(ok({ ...valid, landingPageEnabled: 'yes' })).toBe(false);
    expect(ok({ primaryColor: '#fff' })).toBe(false);
  });

  it('refuses unknown field names, non-boolean flags and flags a field does not have', () => {
    expect(ok({ ...valid, fieldRules: { colour: { visible: true } } })).toBe(false);
    expect(ok({ ...valid, fieldRules: { msrp: { visible: 'yes' } } })).toBe(false);
    expect(ok({ ...valid, fieldRules: { msrp: { hidden: true } } })).toBe(false);
    expect(ok({ ...valid, fieldRules: { productName: { visible: false } } })).toBe(false);
    expect(ok({ ...valid, fieldRules: { dietaryAttributes: { required: true } } })).toBe(false);
    expect(ok({ ...valid, fieldRules: { pricingFieldsVisible: { visible: false } } })).toBe(true);
    expect(ok({ ...valid, extra: 1 })).toBe(false);
  });
});

describe('settings form rules', () => {
  it('shows the five settings sections in the order of the spec, every field labelled', async () => {
    const { PARTNER_FIELD_LABELS } = await import('./partner-fields.ts');
    expect(Object.values(PARTNER_FIELD_SECTIONS).map((s) => s.title)).toEqual([
      'Core/Basic',
      'Multi-edit Basic Attribute',
      'Placement',
      'Pricing',
      'Promotion',
    ]);
    for (const field of PARTNER_FIELDS) expect(PARTNER_FIELD_LABELS[field]).toBeTruthy();
  });

  it('requires a primary colour; both colours must be hex values, the button colour may be empty', async () => {
    const { PARTNER_SETTINGS_MSG } = await import('./partner-fields.ts');
    const { partnerColoursFormSchema } = await import('./partner-fields-schema.ts');
    const problem = (value: { primaryColor: string; secondaryColor: string }) =>
      partnerColoursFormSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(problem({ primaryColor: '', secondaryColor: '' })).toEqual([PARTNER_SETTINGS_MSG.primaryColorRequired]);
    expect(problem({ primaryColor: 'red;x', secondaryColor: '#12345' })).toEqual([
      PARTNER_SETTINGS_MSG.hexColour,
      PARTNER_SETTINGS_MSG.hexColour,
    ]);
    expect(problem({ primaryColor: '#1f5f8b', secondaryColor: '' })).toBeUndefined();
  });

  it('takes PNG, JPEG or GIF logos up to 2 MB', async () => {
    const { partnerLogoProblem, PARTNER_SETTINGS_MSG, MAX_PARTNER_LOGO_BYTES } = await import('./partner-fields.ts');
    expect(partnerLogoProblem({ type: 'image/png', size: MAX_PARTNER_LOGO_BYTES })).toBeNull();
    expect(partnerLogoProblem({ type: 'image/png', size: MAX_PARTNER_LOGO_BYTES + 1 })).toBe(
      PARTNER_SETTINGS_MSG.logoTooLarge,
    );
    expect(partnerLogoProblem({ type: 'image/svg+xml', size: 10 })).toBe(PARTNER_SETTINGS_MSG.logoNotImage);
  });
});
