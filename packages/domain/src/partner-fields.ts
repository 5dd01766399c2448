import type { IntakeRules } from './draft-rules.ts';
import { MIN_IMAGE_LONG_SIDE_RANGE } from './photo-checks.ts';

/** A partner's field rules as stored: per field, a visible and/or required flag; absent means true (part 2 section 3). */
export type FieldRules = Record<string, { visible?: boolean; required?: boolean } | undefined>;

export const isFieldRequired = (rules: FieldRules, field: string) => rules[field]?.required ?? true;
export const isFieldVisible = (rules: FieldRules, field: string) => rules[field]?.visible ?? true;

/** The intake's rules for a user who came through a partner (null: no partner, nothing extra required). */
export function intakeRulesFor(partnerRules: FieldRules | null): IntakeRules {
  if (!partnerRules) return { productNameRequired: false, shippingProfileRequired: false, primaryImageRequired: false };
  return {
    productNameRequired: isFieldRequired(partnerRules, 'productName'),
    shippingProfileRequired: isFieldRequired(partnerRules, 'shippingProfile'),
    primaryImageRequired: true,
  };
}

/** Fields with both a visible and a required flag (part 2 section 3). */
export const VISIBLE_AND_REQUIRED_FIELDS = [
  'suggestedClass',
  'itemHeight',
  'itemWidth',
  'itemDepth',
  'size',
  'unitOfMeasure',
  'fob',
  'msrp',
  'edlp',
  'deliveredCost',
  'wholesaleCost',
  'freeFill',
  'inStoreDemo',
  'fairShareMerchandisingSupport',
  'paidAds',
  'offInvoice',
  'tpr',
] as const;
/** Fields with only a required flag: always shown. */
export const REQUIRED_ONLY_FIELDS = ['brand', 'productName', 'shippingProfile'] as const;
/** Fields with only a visible flag: never required. */
export const VISIBLE_ONLY_FIELDS = ['currentlySellingAt', 'dietaryAttributes'] as const;
/** Whole-section visibility flags. */
export const SECTION_FLAGS = ['placementFieldsVisible', 'pricingFieldsVisible', 'promotionFieldsVisible'] as const;

export type PartnerField =
  | (typeof VISIBLE_AND_REQUIRED_FIELDS)[number]
  | (typeof REQUIRED_ONLY_FIELDS)[number]
  | (typeof VISIBLE_ONLY_FIELDS)[number];
export type SectionFlag = (typeof SECTION_FLAGS)[number];

/**
 * Configurable fields by section of the settings screen (part 2 section 2.5), in the order shown. Core/Basic holds
 * the single-item intake's fields; Multi-edit Basic Attribute the other fields of the bulk edit's Basic Attributes
 * step (section 5: brand, suggested class; market accounts and attributes); the last three are the bulk edit's
 * Placement, Pricing and Promotion steps, each hidden (and its switches disabled) by its section flag.
 */
export const PARTNER_FIELD_SECTIONS = {
  core: { title: 'Core/Basic', flag: null, fields: ['productName', 'shippingProfile'] },
  basicAttributes: {
    title: 'Multi-edit Basic Attribute',
    flag: null,
    fields: ['brand', 'suggestedClass', 'currentlySellingAt', 'dietaryAttributes'],
  },
  placement: {
    title: 'Placement',
    flag: 'placementFieldsVisible',
    fields: ['itemHeight', 'itemWidth', 'itemDepth', 'size', 'unitOfMeasure'],
  },
  pricing: {
    title: 'Pricing',
    flag: 'pricingFieldsVisible',
    fields: ['fob', 'msrp', 'edlp', 'deliveredCost', 'wholesaleCost'],
  },
  promotion: {
    title: 'Promotion',
    flag: 'promotionFieldsVisible',
    fields: ['freeFill', 'inStoreDemo', 'fairShareMerchandisingSupport', 'paidAds', 'offInvoice', 'tpr'],
  },
} as const satisfies Record<string, { title: string; flag: SectionFlag | null; fields: readonly PartnerField[] }>;

/** How the settings screen names each configurable field. */
export const PARTNER_FIELD_LABELS: Record<PartnerField, string> = {
  productName: 'Product name',
  shippingProfile: 'Shipping profile',
  brand: 'Brand',
  suggestedClass: 'Suggested class',
  currentlySellingAt: 'Currently selling at',
  dietaryAttributes: 'Dietary attributes',
  itemHeight: 'Height',
  itemWidth: 'Width',
  itemDepth: 'Depth',
  size: 'Size',
  unitOfMeasure: 'Unit of measure',
  fob: 'FOB cost',
  msrp: 'MSRP',
  edlp: 'EDLP',
  deliveredCost: 'Delivered cost',
  wholesaleCost: 'Wholesale cost',
  freeFill: 'Free fill',
  inStoreDemo: 'In-store demo',
  fairShareMerchandisingSupport: 'Fair share merchandising support',
  paidAds: 'Paid ads',
  offInvoice: 'Off invoice',
  tpr: 'TPR',
};

/** The largest partner logo the server takes (a small picture for the landing page and the header). */
export const MAX_PARTNER_LOGO_BYTES = 2 * 1024 * 1024;

export const PARTNER_FIELDS: readonly PartnerField[] = [
  ...VISIBLE_AND_REQUIRED_FIELDS,
  ...REQUIRED_ONLY_FIELDS,
  ...VISIBLE_ONLY_FIELDS,
];

export const hasVisibleFlag = (field: string) =>
  (VISIBLE_AND_REQUIRED_FIELDS as readonly string[]).includes(field) ||
  (VISIBLE_ONLY_FIELDS as readonly string[]).includes(field);
export const hasRequiredFlag = (field: string) =>
  (VISIBLE_AND_REQUIRED_FIELDS as readonly string[]).includes(field) ||
  (REQUIRED_ONLY_FIELDS as readonly string[]).includes(field);
export const isPartnerField = (field: string): field is PartnerField =>
  (PARTNER_FIELDS as readonly string[]).includes(field);

/** Switching a field to required also makes it visible (part 2 section 4). Returns new rules. */
export function setRequired(rules: FieldRules, field: PartnerField, required: boolean): FieldRules {
  const next = { ...rules[field], required };
  if (required && hasVisibleFlag(field)) next.visible = true;
  return { ...rules, [field]: next };
}

/** Switching visible off clears required for that field. Returns new rules. */
export function setVisible(rules: FieldRules, field: PartnerField, visible: boolean): FieldRules {
  const next = { ...rules[field], visible };
  if (!visible && hasRequiredFlag(field)) next.required = false;
  return { ...rules, [field]: next };
}

/** Every known field with defaults applied; a flag the field does not have reads as its fixed value. */
export function resolvedFieldRules(rules: FieldRules): { field: PartnerField; visible: boolean; required: boolean }[] {
  return PARTNER_FIELDS.map((field) => ({
    field,
    visible: hasVisibleFlag(field) ? isFieldVisible(rules, field) : true,
    required: hasRequiredFlag(field) ? isFieldRequired(rules, field) : false,
  }));
}

/** A section flag; stored alongside the field rules as { visible }. Absent means true. */
export const isSectionVisible = (rules: FieldRules, flag: SectionFlag) => rules[flag]?.visible ?? true;

export const PHOTO_LINE_MSG = `The resolution line must be between ${MIN_IMAGE_LONG_SIDE_RANGE.min} and ${MIN_IMAGE_LONG_SIDE_RANGE.max} pixels.`;

export const PARTNER_SETTINGS_MSG = {
  changedMeanwhile:
    'Someone else saved this configuration while you were changing it. Reload the page to see their changes, then make yours again.',
  primaryColorRequired: 'Please choose a primary colour.',
  hexColour: 'Must be a hex colour such as #1f5f8b.',
  logoNotImage: 'The logo must be a PNG, JPEG or GIF image.',
  logoTooLarge: 'The logo must be at most 2 MB.',
} as const;

/** The logo file the settings form may send: an image type the server takes, at most MAX_PARTNER_LOGO_BYTES. */
export function partnerLogoProblem(file: { type: string; size: number }): string | null {
  if (!['image/png', 'image/jpeg', 'image/gif'].includes(file.type)) return PARTNER_SETTINGS_MSG.logoNotImage;
  if (file.size > MAX_PARTNER_LOGO_BYTES) return PARTNER_SETTINGS_MSG.logoTooLarge;
  return null;
}

/** Default primary colour of a new configuration. */
export const DEFAULT_PRIMARY_COLOUR = '#1f5f8b';
