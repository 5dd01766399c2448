import { describe, expect, it } from 'vitest';
import {
  BRAND_MSG,
  BRAND_PROFILE_MAX_FILE_BYTES,
  BRAND_PROFILE_SECTIONS,
  brandProfileFormSchema,
  brandProfileInputSchema,
  chooseCountry,
  chooseDistributionRange,
  chooseState,
  contactErrors,
  DISTRIBUTION_RANGES,
  fileSizeError,
  isWebUrl,
  toBrandProfileInput,
  toFormValues,
  toPrimaryBroker,
  toSalesContact,
  yearFoundedInput,
  type BrandProfileFormValues,
} from './brand-profile.ts';

const valid = (): BrandProfileFormValues => ({
  ...toFormValues(null),
  brandWebsiteUrl: 'https://greenvalley.example',
  brandCountryCode: 'US',
  brandStateCode: 'CA',
  brandCityName: 'Los Angeles',
  yearFounded: '1998',
  brandStory: 'Family farm.',
  samplesOffered: true,
  primaryDistributionMethod: 'Direct to retailer',
  salesContactName: 'Sam Sales',
  salesContactEmail: 'sam@greenvalley.example',
  brandLogo: { name: 'logo.png', size: 1000 },
});

/** The messages of a form check, by field. */
function formErrors(values: Partial<BrandProfileFormValues>): Record<string, string> {
  const result = brandProfileFormSchema.safeParse({ ...valid(), ...values });
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}
function inputErrors(values: Record<string, unknown>): Record<string, string> {
  const result = brandProfileInputSchema.safeParse({ ...toBrandProfileInput(valid()), ...values });
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('brand profile rules (part 2 section 5)', () => {
  it('a complete profile passes, in the form and as mutation input', () => {
    expect(formErrors({})).toEqual({});
    expect(inputErrors({})).toEqual({});
  });

  it('brand logo is required unless one exists: "Please upload a brand logo"', () => {
    expect(formErrors({ brandLogo: null })).toEqual({ brandLogo: 'Please upload a brand logo' });
    expect(formErrors({ brandLogo: null, brandLogoFilename: 'logo.png' })).toEqual({});
  });

  it('each file must be under 15728640 bytes, else "File is too large"', () => {
    expect(BRAND_PROFILE_MAX_FILE_BYTES).toBe(15728640);
    expect(formErrors({ brandLogo: { name: 'big.png', size: 15728640 } })).toEqual({ brandLogo: 'File is too large' });
    expect(formErrors({ brandLogo: { name: 'ok.png', size: 15728639 } })).toEqual({});
    expect(formErrors({ productOneSheet: { name: 'big.pdf', size: 20_000_000 } })).toEqual({
      productOneSheet: 'File is too large',
    });
    expect(formErrors({ salesDeck: { name: 'big.pdf', size: 15728640 } })).toEqual({ salesDeck: 'File is too large' });
    expect(fileSizeError(null)).toBeNull();
  });

  it('marketing video URL must be a valid URL: "Please enter a valid URL."', () => {
    expect(formErrors({ marketingVideoUrl: 'not a url' })).toEqual({ marketingVideoUrl: 'Please enter a valid URL.' });
    expect(formErrors({ marketingVideoUrl: 'javascript:alert(1)' })).toEqual({
      marketingVideoUrl: 'Please enter a valid URL.',
    });
    expect(formErrors({ marketingVideoUrl: 'https://video.example/brand' })).toEqual({});
    expect(formErrors({ marketingVideoUrl: '' })).toEqual({});
  });

  it('website is required ("Please enter brand website.") and must be a URL', () => {
    expect(formErrors({ brandWebsiteUrl: '' })).toEqual({ brandWebsiteUrl: 'Please enter brand website.' });
    expect(formErrors({ brandWebsiteUrl: '   ' })).toEqual({ brandWebsiteUrl: 'Please enter brand website.' });
    expect(formErrors({ brandWebsiteUrl: 'greenvalley' })).toEqual({ brandWebsiteUrl: 'Please enter a valid URL.' });
    expect(isWebUrl('http://a.example')).toBe(true);
    expect(isWebUrl('ftp://a.example')).toBe(false);
  });

  it('social media links, when given, are URLs', () => {
    expect(
      formErrors({ facebookUrl: 'fb', instagramUrl: 'https://instagram.com/gv', twitterUrl: 'x dot com' }),
    ).toEqual({
      facebookUrl: BRAND_MSG.urlInvalid,
      twitterUrl: BRAND_MSG.urlInvalid,
    });
  });

  it('country, state and city are required, each with its message', () => {
    expect(formErrors({ brandCountryCode: '', brandStateCode: '', brandCityName: '' })).toEqual({
      brandCountryCode: 'Please select a Country',
      brandStateCode: 'Please select a State',
      brandCityName: 'Please select a City',
    });
  });

  it('year founded is a required number of at most 4 digits; input keeps digits only, at most 4', () => {
    expect(formErrors({ yearFounded: '' })).toEqual({ yearFounded: 'Please enter brand year founded.' });
    expect(formErrors({ yearFounded: '19a8' }).yearFounded).toBeDefined();
    expect(formErrors({ yearFounded: '12345' }).yearFounded).toBeDefined();
    expect(inputErrors({ yearFounded: null })).toEqual({ yearFounded: 'Please enter brand year founded.' });
    expect(brandProfileInputSchema.parse({ ...toBrandProfileInput(valid()), yearFounded: 1998 }).yearFounded).toBe(
      1998,
    );
    expect(yearFoundedInput('19a98x7')).toBe('1998');
    expect(yearFoundedInput('abc')).toBe('');
  });

  it('story is required: "Please enter brand story."', () => {
    expect(formErrors({ brandStory: ' ' })).toEqual({ brandStory: 'Please enter brand story.' });
  });

  it('primary distribution method is required: "Please enter primary distribution method."', () => {
    expect(formErrors({ primaryDistributionMethod: '' })).toEqual({
      primaryDistributionMethod: 'Please enter primary distribution method.',
    });
  });

  it('samples offered must be chosen: "Please select one of the choices."', () => {
    expect(formErrors({ samplesOffered: null })).toEqual({ samplesOffered: 'Please select one of the choices.' });
    expect(formErrors({ samplesOffered: false })).toEqual({});
  });

  it("when the distribution range is states, at least one state is needed (the spec's message, as written)", () => {
    expect(formErrors({ distributionRange: 'states', distributionRangeStates: [] })).toEqual({
      distributionRangeStates: 'Please select at least on state.',
    });
    expect(formErrors({ distributionRange: 'states', distributionRangeStates: ['CA'] })).toEqual({});
    expect(formErrors({ distributionRange: 'national', distributionRangeStates: [] })).toEqual({});
    expect(DISTRIBUTION_RANGES).toEqual(['states', 'national', 'international']);
  });

  it('a range other than states keeps no states in the input', () => {
    const parsed = brandProfileInputSchema.parse({
      ...toBrandProfileInput(valid()),
      distributionRange: 'national',
      distributionRangeStates: ['CA'],
    });
    expect(parsed.distributionRangeStates).toEqual([]);
  });

  it("sales contact name and email are required when the broker's name, company or email is missing", () => {
    expect(
      formErrors({
        salesContactName: '',
        salesContactEmail: '',
        primaryBrokerName: 'Bo',
        primaryBrokerCompany: 'Brokers',
        primaryBrokerEmail: '',
      }),
    ).toEqual({
      salesContactName: 'Please enter sales contact name.',
      salesContactEmail: 'Please enter sales contact email.',
      primaryBrokerEmail: 'Please enter primary broker email.',
    });
  });

  it("the broker's name, company and email are required when the sales contact name or email is missing", () => {
    expect(formErrors({ salesContactEmail: '' })).toEqual({
      salesContactEmail: 'Please enter sales contact email.',
      primaryBrokerName: 'Please enter primary broker name.',
      primaryBrokerCompany: 'Please enter primary broker company.',
      primaryBrokerEmail: 'Please enter primary broker email.',
    });
  });

  it('either a complete sales contact or a complete broker is enough', () => {
    expect(contactErrors({ salesContactName: 'Sam', salesContactEmail: 's@x.example' })).toEqual({});
    expect(
      contactErrors({ primaryBrokerName: 'Bo', primaryBrokerCompany: 'B Co', primaryBrokerEmail: 'b@x.example' }),
    ).toEqual({});
    expect(Object.keys(contactErrors({}))).toEqual([
      'salesContactName',
      'salesContactEmail',
      'primaryBrokerName',
      'primaryBrokerCompany',
      'primaryBrokerEmail',
    ]);
  });

  it('all emails must be valid: "Please enter a valid email."', () => {
    expect(formErrors({ salesContactEmail: 'sam@' })).toMatchObject({
      salesContactEmail: 'Please enter a valid email.',
    });
    expect(formErrors({ primaryBrokerEmail: 'broker at example' })).toEqual({
      primaryBrokerEmail: 'Please enter a valid email.',
    });
  });

  it('shows every message at once: field rules and the cross-field rules together', () => {
    expect(
      formErrors({ brandWebsiteUrl: '', salesContactEmail: '', distributionRange: 'states', brandLogo: null }),
    ).toEqual({
      brandWebsiteUrl: 'Please enter brand website.',
      distributionRangeStates: 'Please select at least on state.',
      salesContactEmail: 'Please enter sales contact email.',
      primaryBrokerName: 'Please enter primary broker name.',
      primaryBrokerCompany: 'Please enter primary broker company.',
      primaryBrokerEmail: 'Please enter primary broker email.',
      brandLogo: 'Please upload a brand logo',
    });
  });

  it('text is bounded', () => {
    expect(formErrors({ brandStory: 'x'.repeat(5001) })).toEqual({ brandStory: BRAND_MSG.tooLong(5000) });
    expect(formErrors({ primaryInvestor: 'x'.repeat(201) })).toEqual({ primaryInvestor: BRAND_MSG.tooLong(200) });
  });
});

describe('brand profile clearing rules (part 2 section 4)', () => {
  it('choosing a distribution range other than states clears the selected states', () => {
    const current = { distributionRange: 'states' as const, distributionRangeStates: ['CA', 'OR'] };
    expect(chooseDistributionRange(current, 'national')).toEqual({
      distributionRange: 'national',
      distributionRangeStates: [],
    });
    expect(chooseDistributionRange(current, 'international').distributionRangeStates).toEqual([]);
    expect(chooseDistributionRange(current, 'states').distributionRangeStates).toEqual(['CA', 'OR']);
  });

  it('changing the country clears state and city; choosing the same country keeps them', () => {
    const current = { brandCountryCode: 'US', brandStateCode: 'CA', brandCityName: 'Los Angeles' };
    expect(chooseCountry(current, 'CA')).toEqual({ brandCountryCode: 'CA', brandStateCode: '', brandCityName: '' });
    expect(chooseCountry(current, 'US')).toEqual(current);
  });

  it('changing the state clears the city', () => {
    const current = { brandCountryCode: 'US', brandStateCode: 'CA', brandCityName: 'Los Angeles' };
    expect(chooseState(current, 'OR')).toEqual({ brandCountryCode: 'US', brandStateCode: 'OR', brandCityName: '' });
    expect(chooseState(current, 'CA')).toEqual(current);
  });
});

describe('brand profile shapes', () => {
  it('the eight quick-link sections, in order', () => {
    expect(BRAND_PROFILE_SECTIONS.map((s) => s.label)).toEqual([
      'About Your Brand',
      'Marketing Materials',
      'Social Media Profiles',
      'Samples',
      'Investment Status',
      'Sales Contact Information',
      'Primary Broker Information',
      'Distribution',
    ]);
  });

  it('groups the contacts as the stored shape and reads them back into the form', () => {
    const values = brandProfileInputSchema.parse({
      ...toBrandProfileInput(valid()),
      salesContactTitle: 'Head of sales',
      primaryBrokerCompany: 'Brokers Inc',
    });
    const salesContact = toSalesContact(values);
    const primaryBroker = toPrimaryBroker(values);
    expect(salesContact).toEqual({
      Email: 'sam@greenvalley.example',
      Name: 'Sam Sales',
      Phone: null,
      Title: 'Head of sales',
    });
    expect(primaryBroker).toEqual({ Company: 'Brokers Inc', Email: null, Name: null, Phone: null, Title: null });
    const back = toFormValues({
      ...values,
      isPublished: false,
      brandLogoFilename: 'logo.png',
      salesContact,
      primaryBroker,
    });
    expect(back.salesContactTitle).toBe('Head of sales');
    expect(back.primaryBrokerCompany).toBe('Brokers Inc');
    expect(back.yearFounded).toBe('1998');
    expect(back.isPublished).toBe(false);
    expect(toFormValues(null).isPublished).toBe(true);
  });
});
