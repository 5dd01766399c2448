import { z } from 'zod';
import { intField } from './example-fields.ts';
import { EXAMPLE } from './api-examples.ts';

/** Brand profile rules and messages (part 2 sections 2.6, 3, 4, 5, 8 and 9). */

/** Brand logo, product one-sheet and sales deck must each be under this many bytes (15 MB). */
export const BRAND_PROFILE_MAX_FILE_BYTES = 15728640;
export const YEAR_FOUNDED_MAX_DIGITS = 4;
export const DISTRIBUTION_RANGES = ['states', 'national', 'international'] as const;
export type DistributionRange = (typeof DISTRIBUTION_RANGES)[number];
export const DISTRIBUTION_RANGE_LABELS: Record<DistributionRange, string> = {
  states: 'States',
  national: 'National',
  international: 'International',
};
/** Distribution states are states of this country (our decision: the retail market served). */
export const DISTRIBUTION_STATES_COUNTRY = 'US';

export const BRAND_PROFILE_SECTIONS = [
  { id: 'about-your-brand', label: 'About Your Brand' },
  { id: 'marketing-materials', label: 'Marketing Materials' },
  { id: 'social-media-profiles', label: 'Social Media Profiles' },
  { id: 'samples', label: 'Samples' },
  { id: 'investment-status', label: 'Investment Status' },
  { id: 'sales-contact-information', label: 'Sales Contact Information' },
  { id: 'primary-broker-information', label: 'Primary Broker Information' },
  { id: 'distribution', label: 'Distribution' },
] as const;

export const BRAND_FILE_KINDS = ['brand-logo', 'product-one-sheet', 'sales-deck'] as const;
export type BrandFileKind = (typeof BRAND_FILE_KINDS)[number];
/** Checked by content on the server: the logo is a picture; one-sheet and deck are a PDF or a picture. */
export const BRAND_FILE_TYPES: Record<BrandFileKind, readonly string[]> = {
  'brand-logo': ['png', 'jpeg', 'gif'],
  'product-one-sheet': ['pdf', 'png', 'jpeg', 'gif'],
  'sales-deck': ['pdf', 'png', 'jpeg', 'gif'],
};
export const BRAND_FILE_ACCEPT: Record<BrandFileKind, string> = {
  'brand-logo': '.png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif',
  'product-one-sheet': '.pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif',
  'sales-deck': '.pdf,.png,.jpg,.jpeg,.gif,application/pdf,image/png,image/jpeg,image/gif',
};

export const BRAND_MSG = {
  logoRequired: 'Please upload a brand logo',
  fileTooLarge: 'File is too large',
  fileRequired: 'Please choose a file.',
  logoType: 'The brand logo must be a PNG, JPEG or GIF image.',
  documentType: 'The file must be a PDF or a PNG, JPEG or GIF image.',
  urlInvalid: 'Please enter a valid URL.',
  websiteRequired: 'Please enter brand website.',
  countryRequired: 'Please select a Country',
  stateRequired: 'Please select a State',
  cityRequired: 'Please select a City',
  yearFoundedRequired: 'Please enter brand year founded.',
  storyRequired: 'Please enter brand story.',
  primaryDistributionRequired: 'Please enter primary distribution method.',
  choiceRequired: 'Please select one of the choices.',
  // The spec's text, typo included.
  statesRequired: 'Please select at least on state.',
  salesContactNameRequired: 'Please enter sales contact name.',
  salesContactEmailRequired: 'Please enter sales contact email.',
  brokerNameRequired: 'Please enter primary broker name.',
  brokerCompanyRequired: 'Please enter primary broker company.',
  brokerEmailRequired: 'Please enter primary broker email.',
  emailInvalid: 'Please enter a valid email.',
  noInfo: 'No info found',
  tooLong: (max: number) => `Must be ${max} characters or less.`,
  unknownCountry: 'Please select a Country',
  unknownState: 'Please select a State',
  unknownCity: 'Please select a City',
  unknownDistributionMethod: 'Please enter primary distribution method.',
  unknownDistributionState: 'Please select a listed state.',
} as const;

export const SHORT_TEXT_MAX = 200;
export const URL_MAX = 2000;
export const STORY_MAX = 5000;

/** http(s) URLs only: a javascript: or data: link is never a brand website. */
export function isWebUrl(value: string): boolean {
  if (value.length > URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

/** Year founded input keeps digits only, at most 4. */
export const yearFoundedInput = (raw: string) => raw.replace(/\D/g, '').slice(0, YEAR_FOUNDED_MAX_DIGITS);

const trimmed = (max: number) =>
  z
    .string()
    .max(max + 1000) // rejected below with the readable message; this only bounds the work
    .transform((v) => v.trim())
    .refine((v) => v.length <= max, BRAND_MSG.tooLong(max));
const optionalText = (max = SHORT_TEXT_MAX) =>
  z
    .union([trimmed(max), z.null()])
    .optional()
    .transform((v) => v || null);
const optionalUrl = () => optionalText(URL_MAX).refine((v) => v === null || isWebUrl(v), BRAND_MSG.urlInvalid);
const optionalEmail = () => optionalText(254).refine((v) => v === null || isEmail(v), BRAND_MSG.emailInvalid);
const required = (message: string, max = SHORT_TEXT_MAX) =>
  z
    .string({ error: message })
    .max(max + 1000)
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, message)
    .refine((v) => v.length <= max, BRAND_MSG.tooLong(max));

const yearFounded = z
  .union([z.string(), z.number(), z.null()], { error: BRAND_MSG.yearFoundedRequired })
  .optional()
  .transform((v, ctx) => {
    const text = v == null ? '' : String(v).trim();
    if (!text) {
      ctx.addIssue({ code: 'custom', message: BRAND_MSG.yearFoundedRequired });
      return z.NEVER;
    }
    if (!/^[0-9]{1,4}$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: `Year founded is a number of at most ${YEAR_FOUNDED_MAX_DIGITS} digits.`,
      });
      return z.NEVER;
    }
    return Number(text);
  });

/** Both contacts as the form carries them. */
export interface ContactFields {
  salesContactName?: string | null;
  salesContactEmail?: string | null;
  primaryBrokerName?: string | null;
  primaryBrokerCompany?: string | null;
  primaryBrokerEmail?: string | null;
}

const filled = (v: string | null | undefined) => !!v && v.trim().length > 0;

/**
 * The sales-contact / primary-broker either-or rule: sales contact name and email are required when the broker's
 * name, company or email is missing; the broker's name, company and email when the sales contact name or email is
 * missing. Answers the messages per missing field.
 */
export function contactErrors(v: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const brokerComplete = filled(v.primaryBrokerName) && filled(v.primaryBrokerCompany) && filled(v.primaryBrokerEmail);
  const salesComplete = filled(v.salesContactName) && filled(v.salesContactEmail);
  const errors: Partial<Record<keyof ContactFields, string>> = {};
  if (!brokerComplete) {
    if (!filled(v.salesContactName)) errors.salesContactName = BRAND_MSG.salesContactNameRequired;
    if (!filled(v.salesContactEmail)) errors.salesContactEmail = BRAND_MSG.salesContactEmailRequired;
  }
  if (!salesComplete) {
    if (!filled(v.primaryBrokerName)) errors.primaryBrokerName = BRAND_MSG.brokerNameRequired;
    if (!filled(v.primaryBrokerCompany)) errors.primaryBrokerCompany = BRAND_MSG.brokerCompanyRequired;
    if (!filled(v.primaryBrokerEmail)) errors.primaryBrokerEmail = BRAND_MSG.brokerEmailRequired;
  }
  return errors;
}

const brandProfileFields = z.object({
  isPublished: z.boolean().optional(),
  marketingVideoUrl: optionalUrl(),
  brandWebsiteUrl: required(BRAND_MSG.websiteRequired, URL_MAX).refine(isWebUrl, BRAND_MSG.urlInvalid),
  brandCountryCode: required(BRAND_MSG.countryRequired, 8),
  brandStateCode: required(BRAND_MSG.stateRequired, 8),
  brandCityName: required(BRAND_MSG.cityRequired),
  yearFounded,
  brandStory: required(BRAND_MSG.storyRequired, STORY_MAX),
  facebookUrl: optionalUrl(),
  instagramUrl: optionalUrl(),
  twitterUrl: optionalUrl(),
  samplesOffered: z.boolean({ error: BRAND_MSG.choiceRequired }),
  primaryInvestor: optionalText(),
  secondaryInvestor: optionalText(),
  raisingInvestment: optionalText(),
  primaryDistributionMethod: required(BRAND_MSG.primaryDistributionRequired),
  secondaryDistributionMethod: optionalText(),
  distributionRange: z
    .enum(DISTRIBUTION_RANGES)
    .nullish()
    .transform((v) => v ?? null),
  distributionRangeStates: z
    .array(z.string().trim().min(1).max(8))
    .max(100)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  salesContactName: optionalText(),
  salesContactTitle: optionalText(),
  salesContactEmail: optionalEmail(),
  salesContactPhone: optionalText(40),
  primaryBrokerCompany: optionalText(),
  primaryBrokerName: optionalText(),
  primaryBrokerTitle: optionalText(),
  primaryBrokerEmail: optionalEmail(),
  primaryBrokerPhone: optionalText(40),
});

/** Cross-field rules shared by the input and the form: states when the range is states, and the contacts. */
function crossFieldRules(v: z.infer<typeof brandProfileFields>, ctx: z.RefinementCtx) {
  // Runs even when other fields failed (see ALWAYS), so every message shows at once: read defensively.
  const states = Array.isArray(v.distributionRangeStates) ? v.distributionRangeStates : [];
  if (v.distributionRange === 'states' && states.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['distributionRangeStates'], message: BRAND_MSG.statesRequired });
  }
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  const contacts = contactErrors({
    salesContactName: str(v.salesContactName),
    salesContactEmail: str(v.salesContactEmail),
    primaryBrokerName: str(v.primaryBrokerName),
    primaryBrokerCompany: str(v.primaryBrokerCompany),
    primaryBrokerEmail: str(v.primaryBrokerEmail),
  });
  for (const [field, message] of Object.entries(contacts)) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
}
/** Cross-field rules run even when a field failed, so the form shows every message at once. */
const ALWAYS = { when: () => true };

/**
 * What createBrandProfile and updateBrandProfile accept (files are uploaded separately), validated on the server
 * and in the browser. A range other than states keeps no states.
 */
export const brandProfileInputSchema = brandProfileFields.superRefine(crossFieldRules, ALWAYS).transform((v) => ({
  ...v,
  distributionRangeStates: v.distributionRange === 'states' ? v.distributionRangeStates : [],
}));
export type BrandProfileInput = z.input<typeof brandProfileInputSchema>;
export type BrandProfileValues = z.output<typeof brandProfileInputSchema>;

/** A file chosen in the browser, before it is uploaded. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** The size rule of the three file fields. */
export const fileSizeError = (file: ChosenFile | null | undefined) =>
  file && file.size >= BRAND_PROFILE_MAX_FILE_BYTES ? BRAND_MSG.fileTooLarge : null;

const chosenFile = z
  .custom<ChosenFile | null>((v) => v == null || (typeof v === 'object' && 'size' in v && 'name' in v))
  .nullish();

/**
 * The form: the input plus the three file fields (a chosen file, and the name of the one already stored).
 * The brand logo is required unless one exists; every chosen file is under 15 MB.
 */
export const brandProfileFormSchema = brandProfileFields
  .extend({
    brandLogo: chosenFile,
    productOneSheet: chosenFile,
    salesDeck: chosenFile,
    brandLogoFilename: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    crossFieldRules(v, ctx);
    if (!v.brandLogo && !v.brandLogoFilename) {
      ctx.addIssue({ code: 'custom', path: ['brandLogo'], message: BRAND_MSG.logoRequired });
    }
    for (const field of ['brandLogo', 'productOneSheet', 'salesDeck'] as const) {
      const problem = fileSizeError(v[field]);
      if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
    }
  }, ALWAYS);

/** The form's raw values: strings for text, null for untouched choices. */
export interface BrandProfileFormValues {
  isPublished: boolean;
  marketingVideoUrl: string;
  brandWebsiteUrl: string;
  brandCountryCode: string;
  brandStateCode: string;
  brandCityName: string;
  yearFounded: string;
  brandStory: string;
  facebookUrl: string;
  instagramUrl: string;
  twitterUrl: string;
  samplesOffered: boolean | null;
  primaryInvestor: string;
  secondaryInvestor: string;
  raisingInvestment: string;
  primaryDistributionMethod: string;
  secondaryDistributionMethod: string;
  distributionRange: DistributionRange | null;
  distributionRangeStates: string[];
  salesContactName: string;
  salesContactTitle: string;
  salesContactEmail: string;
  salesContactPhone: string;
  primaryBrokerCompany: string;
  primaryBrokerName: string;
  primaryBrokerTitle: string;
  primaryBrokerEmail: string;
  primaryBrokerPhone: string;
  brandLogo: ChosenFile | null;
  productOneSheet: ChosenFile | null;
  salesDeck: ChosenFile | null;
  brandLogoFilename: string | null;
}

/** The stored shape groups the contacts (part 2 section 3). */
export interface SalesContact {
  Email: string | null;
  Name: string | null;
  Phone: string | null;
  Title: string | null;
}
export interface PrimaryBroker extends SalesContact {
  Company: string | null;
}

export const toSalesContact = (v: BrandProfileValues): SalesContact => ({
  Email: v.salesContactEmail,
  Name: v.salesContactName,
  Phone: v.salesContactPhone,
  Title: v.salesContactTitle,
});
export const toPrimaryBroker = (v: BrandProfileValues): PrimaryBroker => ({
  Company: v.primaryBrokerCompany,
  Email: v.primaryBrokerEmail,
  Name: v.primaryBrokerName,
  Phone: v.primaryBrokerPhone,
  Title: v.primaryBrokerTitle,
});

/** A stored profile as the form needs it. */
export interface StoredBrandProfile {
  isPublished: boolean;
  brandLogoFilename: string | null;
  marketingVideoUrl: string | null;
  brandWebsiteUrl: string | null;
  brandCountryCode: string | null;
  brandStateCode: string | null;
  brandCityName: string | null;
  yearFounded: number | null;
  brandStory: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  twitterUrl: string | null;
  samplesOffered: boolean | null;
  primaryInvestor: string | null;
  secondaryInvestor: string | null;
  raisingInvestment: string | null;
  primaryDistributionMethod: string | null;
  secondaryDistributionMethod: string | null;
  distributionRange: string | null;
  distributionRangeStates: readonly string[];
  salesContact: SalesContact | null;
  primaryBroker: PrimaryBroker | null;
}

export function toFormValues(p: StoredBrandProfile | null): BrandProfileFormValues {
  const s = (v: string | null | undefined) => v ?? '';
  const range = DISTRIBUTION_RANGES.find((r) => r === p?.distributionRange) ?? null;
  return {
    isPublished: p?.isPublished ?? true,
    marketingVideoUrl: s(p?.marketingVideoUrl),
    brandWebsiteUrl: s(p?.brandWebsiteUrl),
    brandCountryCode: s(p?.brandCountryCode),
    brandStateCode: s(p?.brandStateCode),
    brandCityName: s(p?.brandCityName),
    yearFounded: p?.yearFounded == null ? '' : String(p.yearFounded),
    brandStory: s(p?.brandStory),
    facebookUrl: s(p?.facebookUrl),
    instagramUrl: s(p?.instagramUrl),
    twitterUrl: s(p?.twitterUrl),
    samplesOffered: p?.samplesOffered ?? null,
    primaryInvestor: s(p?.primaryInvestor),
    secondaryInvestor: s(p?.secondaryInvestor),
    raisingInvestment: s(p?.raisingInvestment),
    primaryDistributionMethod: s(p?.primaryDistributionMethod),
    secondaryDistributionMethod: s(p?.secondaryDistributionMethod),
    distributionRange: range,
    distributionRangeStates: [...(p?.distributionRangeStates ?? [])],
    salesContactName: s(p?.salesContact?.Name),
    salesContactTitle: s(p?.salesContact?.Title),
    salesContactEmail: s(p?.salesContact?.Email),
    salesContactPhone: s(p?.salesContact?.Phone),
    primaryBrokerCompany: s(p?.primaryBroker?.Company),
    primaryBrokerName: s(p?.primaryBroker?.Name),
    primaryBrokerTitle: s(p?.primaryBroker?.Title),
    primaryBrokerEmail: s(p?.primaryBroker?.Email),
    primaryBrokerPhone: s(p?.primaryBroker?.Phone),
    brandLogo: null,
    productOneSheet: null,
    salesDeck: null,
    brandLogoFilename: p?.brandLogoFilename ?? null,
  };
}

/** The mutation input from the form (files are uploaded separately; isPublished has its own mutation). */
export function toBrandProfileInput(v: BrandProfileFormValues): BrandProfileInput {
  const { brandLogo: _l, productOneSheet: _o, salesDeck: _s, brandLogoFilename: _f, isPublished: _p, ...rest } = v;
  return { ...rest, samplesOffered: v.samplesOffered as boolean };
}

// Clearing rules (part 2 section 4).
type LocationFields = Pick<BrandProfileFormValues, 'brandCountryCode' | 'brandStateCode' | 'brandCityName'>;
type RangeFields = Pick<BrandProfileFormValues, 'distributionRange' | 'distributionRangeStates'>;

/** Choosing a distribution range other than states clears the selected states. */
export function chooseDistributionRange(current: RangeFields, range: DistributionRange | null): RangeFields {
  return {
    distributionRange: range,
    distributionRangeStates: range === 'states' ? current.distributionRangeStates : [],
  };
}

/** Changing the country clears state and city. */
export function chooseCountry(current: LocationFields, countryCode: string): LocationFields {
  if (countryCode === current.brandCountryCode) return current;
  return { brandCountryCode: countryCode, brandStateCode: '', brandCityName: '' };
}

/** Changing the state clears the city. */
export function chooseState(current: LocationFields, stateCode: string): LocationFields {
  if (stateCode === current.brandStateCode) return current;
  return { ...current, brandStateCode: stateCode, brandCityName: '' };
}

const contactShape = {
  Email: z.string().nullable(),
  Name: z.string().nullable(),
  Phone: z.string().nullable(),
  Title: z.string().nullable(),
};

/** A brand profile as the server answers it: the stored values, download links for its files, and what you may do. */
export const brandProfileViewSchema = z
  .object({
    id: intField(4),
    companyId: intField(EXAMPLE.companyId),
    creatorId: intField(EXAMPLE.userId),
    isPublished: z.boolean(),
    brandLogoFilename: z.string().nullable(),
    productOneSheetFilename: z.string().nullable(),
    salesDeckFilename: z.string().nullable(),
    marketingVideoUrl: z.string().nullable(),
    brandWebsiteUrl: z.string().nullable(),
    brandCountryCode: z.string().nullable(),
    brandStateCode: z.string().nullable(),
    brandCityName: z.string().nullable(),
    yearFounded: z.number().int().nullable(),
    brandStory: z.string().nullable(),
    facebookUrl: z.string().nullable(),
    instagramUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    samplesOffered: z.boolean().nullable(),
    primaryInvestor: z.string().nullable(),
    secondaryInvestor: z.string().nullable(),
    raisingInvestment: z.string().nullable(),
    primaryDistributionMethod: z.string().nullable(),
    secondaryDistributionMethod: z.string().nullable(),
    distributionRange: z.enum(DISTRIBUTION_RANGES).nullable(),
    distributionRangeStates: z.array(z.string()).meta({ examples: [['CA', 'OR', 'WA']] }),
    salesContact: z.object(contactShape).nullable(),
    primaryBroker: z.object({ Company: z.string().nullable(), ...contactShape }).nullable(),
    brandLogoUrl: z.string().nullable(),
    productOneSheetUrl: z.string().nullable(),
    salesDeckUrl: z.string().nullable(),
    updatedAt: z.iso.datetime({ offset: true }).meta({ examples: [EXAMPLE.at] }),
    can: z.object({ edit: z.boolean() }),
  })
  .meta({ id: 'BrandProfile' });
