import { possessive } from './wording.ts';
import { VENDOR_AUTH_PARTNER_COMPANY_ID } from './constants.ts';
import { isAnyAdmin } from './scopes.ts';

/**
 * The six vendor claims of the vendor authorization (part 2 section 2.4), written as the retail partner's terms.
 * {retailer} is replaced by the partner's name; the sixth is the sample-address claim, the fifth the free-fill claim.
 */
export const VENDOR_CLAIMS = [
  {
    name: 'authorizedToSell',
    text: 'I am authorized to act on behalf of my company, and my company owns or is licensed to sell the products I submit to {retailer}.',
  },
  {
    name: 'accurateInformation',
    text: 'The product information, images, UPCs and prices I provide are complete and accurate, and I will update them promptly if they change.',
  },
  {
    name: 'compliesWithLaw',
    text: 'My products, their packaging and their labelling comply with all applicable federal, state and local laws, including food safety and labelling regulations.',
  },
  {
    name: 'insurance',
    text: 'My company carries product liability insurance and will provide a certificate of insurance naming {retailer} as additionally insured on request.',
  },
  {
    name: 'freeFill',
    text: 'I understand that free fill is required for new items: depending on the department, free fill is either product supplied free of charge for the first order of each store or a fee deducted from the first invoice.',
  },
  {
    name: 'samplesAddress',
    text: "I will send product samples to {retailer}'s sample address given in the category review calendar; samples sent anywhere else will not be reviewed or returned.",
  },
] as const;
export type VendorClaimName = (typeof VENDOR_CLAIMS)[number]['name'];

export const VENDOR_CLAIM_COUNT = 6;

export const VENDOR_AUTH_MSG = {
  heading: 'Vendor Authorization',
  /** Shown at the form when a claim is still unchecked. */
  agreeToTerms: 'Please agree to term and condition',
  /** Shown at each unchecked claim. */
  fieldMustBeChecked: 'Field must be checked',
  submit: 'Accept and Submit',
  saved: (retailer: string) => `Your vendor authorization for ${retailer} was saved.`,
  prompt: (retailer: string) => `${retailer} needs your vendor authorization before reviewing your products.`,
  promptLink: 'Complete the vendor authorization form',
} as const;

export const vendorClaimText = (text: string, retailer: string) =>
  text.replaceAll("{retailer}'s", possessive(retailer)).replaceAll('{retailer}', retailer);

export type VendorAuthorizationForm = Record<VendorClaimName, boolean>;
export const emptyVendorAuthorization = (): VendorAuthorizationForm =>
  Object.fromEntries(VENDOR_CLAIMS.map((c) => [c.name, false])) as VendorAuthorizationForm;

/**
 * Who sees the vendor authorization prompt (part 1 section 6): a supplier who has not accepted the terms and is on
 * the partner company of the constant: signed in through its portal, or a user of that company.
 */
export function needsVendorAuthorization(user: {
  companyId: number;
  sessionPartnerCompanyId: number | null;
  tcAcceptanceDate: string | Date | null;
  scopes: readonly string[];
}): boolean {
  // Vendor terms are for suppliers: staff (either all-submission scope) are never asked.
  if (user.tcAcceptanceDate || isAnyAdmin(user)) return false;
  return (
    user.sessionPartnerCompanyId === VENDOR_AUTH_PARTNER_COMPANY_ID || user.companyId === VENDOR_AUTH_PARTNER_COMPANY_ID
  );
}
