import { z } from 'zod';
import { EXAMPLE } from './api-examples.ts';
import { isAnyAdmin, isReadOnlyAdmin } from './scopes.ts';

/** Shipping (logistics) profiles: part 2 sections 3, 5, 6 and 9. */
export const SHIPPING_PROFILE_NAME_MAX = 64;
export const WEIGHT_UNITS = ['lbs', 'kg'] as const;
export const DIMENSION_UNITS = ['in', 'mm'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export type DimensionUnit = (typeof DIMENSION_UNITS)[number];
/** Measures are stored as numeric(12, 3): at most 9 digits before the point. */
export const MEASURE_MAX = 999_999_999.999;
const INT_MAX = 2_147_483_647;

export const SHIPPING_PROFILE_MSG = {
  /** A product in the company's other profile: where it is now, and what ticking it here does (issue 17 item 16). */
  inOtherProfile: (name: string) => `Now in ${name}`,
  savingMoves: (name: string) => `Saving moves it from ${name} to this profile.`,
  nameRequired: 'Name is required',
  nameTooLong: 'Must be 64 characters or less',
  caseCountRequired: 'Case count is required',
  integer: 'Must be an integer',
  greaterThanZero: 'Must be greater than 0',
  number: 'Must be a number',
  notNegative: 'Must be 0 or more',
  tooLarge: 'Must be less than 1,000,000,000',
  decimals: 'Must have no more than 3 digits after decimal',
  unitRequired: 'Unit is required',
  weightUnit: 'Choose lbs or kg',
  dimensionUnit: 'Choose in or mm',
  duplicateName: 'Please choose a name not already in use.',
  updatesApplied: 'Shipping Profile Updates Applied',
  notFound: 'Shipping profile not found.',
  chooseCompany: 'Choose a company first: administrators work on one company at a time.',
  readOnly: 'Read-only administrators cannot change shipping profiles.',
  emptyForCompany: 'No shipping profiles are associated with the selected company',
  emptyForSupplier:
    "You don't have any logistical details saved or assigned. Start by adding your first shipping profile.",
} as const;

/** Labels of the fields, shared by the form, the list and the metrics table. */
export const SHIPPING_PROFILE_LABELS = {
  name: 'Name',
  caseCount: 'Count',
  grossWeight: 'Gross Weight',
  netWeight: 'Net Weight',
  caseLength: 'Length',
  caseWidth: 'Width',
  caseHeight: 'Height',
  palletTiers: 'Tiers',
  palletLayers: 'High',
} as const;

export const WEIGHT_FIELDS = ['grossWeight', 'netWeight'] as const;
export const DIMENSION_FIELDS = ['caseLength', 'caseWidth', 'caseHeight'] as const;
export type MeasureField = (typeof WEIGHT_FIELDS)[number] | (typeof DIMENSION_FIELDS)[number];
export const MEASURE_FIELDS: readonly MeasureField[] = [...WEIGHT_FIELDS, ...DIMENSION_FIELDS];

/** At most 3 digits after the decimal point (1.005 yes, 1.0005 no). */
export const hasAtMostThreeDecimals = (value: number) => Number(value.toFixed(3)) === value;

const number = (required?: string) =>
  z.number({ error: (issue) => (issue.input == null && required ? required : SHIPPING_PROFILE_MSG.number) });

/** '' and undefined mean "nothing entered". */
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);

const measureSchema = <U extends readonly [string, ...string[]]>(units: U, unitMessage: string) =>
  z.preprocess(
    (v) => v ?? { value: null, unit: null },
    z
      .object({
        value: z.preprocess(
          blank,
          number()
            .min(0, SHIPPING_PROFILE_MSG.notNegative)
            .max(MEASURE_MAX, SHIPPING_PROFILE_MSG.tooLarge)
            .refine(hasAtMostThreeDecimals, SHIPPING_PROFILE_MSG.decimals)
            .nullable(),
        ),
        unit: z.preprocess(blank, z.enum(units, { error: unitMessage }).nullable()),
      })
      .superRefine((m, ctx) => {
        if (m.value != null && m.unit == null)
          ctx.addIssue({ code: 'custom', path: ['unit'], message: SHIPPING_PROFILE_MSG.unitRequired });
      })
      // No value: no measure (a unit alone means nothing).
      .transform((m) => (m.value == null ? null : { value: m.value, unit: m.unit as U[number] })),
  );

const palletSchema = z.preprocess(
  blank,
  number()
    .int(SHIPPING_PROFILE_MSG.integer)
    .min(0, SHIPPING_PROFILE_MSG.notNegative)
    .max(INT_MAX, SHIPPING_PROFILE_MSG.tooLarge)
    .nullable(),
);

/** The case both shipping-profile examples describe. */
const caseExample = {
  name: 'Case of 6 x 1 l',
  caseCount: 6,
  grossWeight: { value: 14.2, unit: 'lbs' },
  netWeight: { value: 13.2, unit: 'lbs' },
  caseLength: { value: 12.5, unit: 'in' },
  caseWidth: { value: 8.25, unit: 'in' },
  caseHeight: { value: 11, unit: 'in' },
  palletTiers: 10,
  palletLayers: 6,
};

/**
 * A shipping profile as created (createShippingProfile) or updated (PUT /shippingProfile/{id}): every rule of part 2
 * section 5. The name is trimmed; measures without a value become null.
 */
export const shippingProfileInputSchema = z
  .object({
    name: z
      .string({ error: SHIPPING_PROFILE_MSG.nameRequired })
      .trim()
      .min(1, SHIPPING_PROFILE_MSG.nameRequired)
      .max(SHIPPING_PROFILE_NAME_MAX, SHIPPING_PROFILE_MSG.nameTooLong),
    caseCount: z.preprocess(
      blank,
      number(SHIPPING_PROFILE_MSG.caseCountRequired)
        .int(SHIPPING_PROFILE_MSG.integer)
        .positive(SHIPPING_PROFILE_MSG.greaterThanZero)
        .max(INT_MAX, SHIPPING_PROFILE_MSG.tooLarge),
    ),
    grossWeight: measureSchema(WEIGHT_UNITS, SHIPPING_PROFILE_MSG.weightUnit),
    netWeight: measureSchema(WEIGHT_UNITS, SHIPPING_PROFILE_MSG.weightUnit),
    caseLength: measureSchema(DIMENSION_UNITS, SHIPPING_PROFILE_MSG.dimensionUnit),
    caseWidth: measureSchema(DIMENSION_UNITS, SHIPPING_PROFILE_MSG.dimensionUnit),
    caseHeight: measureSchema(DIMENSION_UNITS, SHIPPING_PROFILE_MSG.dimensionUnit),
    palletTiers: palletSchema,
    palletLayers: palletSchema,
  })
  .meta({
    examples: [
      {
        ...caseExample,
      },
    ],
  });

export type ShippingProfileInput = z.output<typeof shippingProfileInputSchema>;
export interface Measure<U extends string = string> {
  value: number;
  unit: U;
}

/** What the form holds: numbers or null (NaN for unreadable text), units or ''. */
export interface ShippingProfileFormValues {
  name: string;
  caseCount: number | null;
  grossWeight: { value: number | null; unit: WeightUnit | '' };
  netWeight: { value: number | null; unit: WeightUnit | '' };
  caseLength: { value: number | null; unit: DimensionUnit | '' };
  caseWidth: { value: number | null; unit: DimensionUnit | '' };
  caseHeight: { value: number | null; unit: DimensionUnit | '' };
  palletTiers: number | null;
  palletLayers: number | null;
}

export const EMPTY_SHIPPING_PROFILE_FORM: ShippingProfileFormValues = {
  name: '',
  caseCount: null,
  grossWeight: { value: null, unit: '' },
  netWeight: { value: null, unit: '' },
  caseLength: { value: null, unit: '' },
  caseWidth: { value: null, unit: '' },
  caseHeight: { value: null, unit: '' },
  palletTiers: null,
  palletLayers: null,
};

/** The name as compared for uniqueness within a company: trimmed, case-insensitive. */
export const shippingProfileNameKey = (name: string) => name.trim().toLowerCase();

/** A measure as shown: '12.5 lbs', or '' without one. */
export const formatMeasure = (m: { value: number; unit: string } | null | undefined) =>
  m ? `${m.value} ${m.unit}` : '';

/** The assignment map of POST /shippingProfile/{id}/products: UPC to associated. */
export const shippingAssignmentsSchema = z
  .record(
    z.string().regex(/^[0-9]{8,14}$/, 'A UPC is 8 to 14 digits.'),
    z.boolean({ error: 'Each UPC maps to true or false.' }),
  )
  .refine((m) => Object.keys(m).length <= 5000, 'At most 5000 products at once.')
  .meta({ examples: [{ [EXAMPLE.ean13Upc]: true, '4006381333931': false }] });

/**
 * Part 2 section 6. An administrator may look at any company's profiles (one company at a time) and edit only with a
 * company selected; a read-only administrator only looks. Anyone else works on their own company only, and only
 * when no other company is asked for.
 */
export const shippingProfilePolicy = {
  /** The company whose profiles the user sees, or null when there is nothing to show (an admin without a choice). */
  companyToView(
    user: { scopes: readonly string[]; companyId: number },
    selectedCompanyId: number | null | undefined,
  ): number | null | 'other' {
    if (isAnyAdmin(user)) return selectedCompanyId ?? null;
    if (selectedCompanyId != null && selectedCompanyId !== user.companyId) return 'other';
    return user.companyId;
  },
  /** May the user add profiles to, and edit the profiles and assignments of, this company? */
  mayEdit(user: { scopes: readonly string[]; companyId: number }, companyId: number | null | undefined): boolean {
    if (isAnyAdmin(user)) return companyId != null && !isReadOnlyAdmin(user);
    return companyId == null || companyId === user.companyId;
  },
  /** May the user see this company's profiles at all? */
  mayView(user: { scopes: readonly string[]; companyId: number }, companyId: number): boolean {
    return isAnyAdmin(user) || companyId === user.companyId;
  },
};

const measureJson = z.object({ value: z.number(), unit: z.string() }).nullable();

/** A shipping profile as REST answers it (GraphQL's ShippingProfile). */
export const shippingProfileJsonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    companyId: z.number().int(),
    creatorId: z.number().int().nullable(),
    caseCount: z.number().int(),
    grossWeight: measureJson,
    netWeight: measureJson,
    caseLength: measureJson,
    caseWidth: measureJson,
    caseHeight: measureJson,
    palletTiers: z.number().int().nullable(),
    palletLayers: z.number().int().nullable(),
    updatedDate: z.iso.datetime({ offset: true }),
    updatedByFirstName: z.string().nullable(),
    updatedByLastName: z.string().nullable(),
    updatedByEmail: z.string().nullable(),
    associatedSubmissions: z.array(
      z.object({
        type: z.string().describe('An item status of the products using the profile, or IN_PROGRESS for drafts'),
        count: z.number().int(),
      }),
    ),
    can: z.object({ edit: z.boolean() }),
  })
  .meta({
    id: 'ShippingProfile',
    examples: [
      {
        id: 7,
        ...caseExample,
        companyId: EXAMPLE.companyId,
        creatorId: EXAMPLE.userId,
        updatedDate: EXAMPLE.at,
        updatedByFirstName: EXAMPLE.firstName,
        updatedByLastName: EXAMPLE.lastName,
        updatedByEmail: EXAMPLE.email,
        associatedSubmissions: [
          { type: 'IN_PROGRESS', count: 1 },
          { type: 'CATALOGUED', count: 14 },
        ],
        can: { edit: true },
      },
    ],
  });

/** Each product of the profile's company, ticked when it uses this profile. */
export const shippingProfileProductSchema = z
  .object({
    upc: z.string(),
    name: z.string().nullable(),
    status: z.string(),
    associated: z.boolean(),
    otherProfileName: z.string().nullable().describe('The company’s other profile the product uses, if any'),
  })
  .meta({
    id: 'ShippingProfileProduct',
    examples: [
      {
        upc: EXAMPLE.ean13Upc,
        name: EXAMPLE.productName,
        status: 'CATALOGUED',
        associated: true,
        otherProfileName: null,
      },
    ],
  });
