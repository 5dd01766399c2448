import { builder } from '../../graphql/builder.ts';
import { HttpError } from '../../lib/errors.ts';
import { requireUser } from '../users/current-user.ts';
import { CompanyRef } from '../users/graphql.ts';
import type { PrimaryBroker, SalesContact } from '@portal/domain';
import {
  createBrandProfile,
  listBrandProfiles,
  setBrandProfilePublished,
  updateBrandProfile,
  type BrandProfileView,
} from './service.ts';

const SalesContactRef = builder.objectRef<SalesContact>('BrandProfileSalesContact').implement({
  description: 'The stored shape of the sales contact (part 2 section 3).',
  fields: (t) => ({
    Email: t.exposeString('Email', { nullable: true }),
    Name: t.exposeString('Name', { nullable: true }),
    Phone: t.exposeString('Phone', { nullable: true }),
    Title: t.exposeString('Title', { nullable: true }),
  }),
});

const PrimaryBrokerRef = builder.objectRef<PrimaryBroker>('BrandProfilePrimaryBroker').implement({
  description: 'The stored shape of the primary broker (part 2 section 3).',
  fields: (t) => ({
    Company: t.exposeString('Company', { nullable: true }),
    Email: t.exposeString('Email', { nullable: true }),
    Name: t.exposeString('Name', { nullable: true }),
    Phone: t.exposeString('Phone', { nullable: true }),
    Title: t.exposeString('Title', { nullable: true }),
  }),
});

const BrandProfileCanRef = builder.objectRef<{ edit: boolean }>('BrandProfileCan').implement({
  fields: (t) => ({ edit: t.exposeBoolean('edit') }),
});

const BrandProfileRef = builder.objectRef<BrandProfileView>('BrandProfile');
BrandProfileRef.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    companyId: t.exposeInt('companyId'),
    creatorId: t.exposeInt('creatorId'),
    isPublished: t.exposeBoolean('isPublished'),
    brandLogoFilename: t.exposeString('brandLogoFilename', { nullable: true }),
    productOneSheetFilename: t.exposeString('productOneSheetFilename', { nullable: true }),
    salesDeckFilename: t.exposeString('salesDeckFilename', { nullable: true }),
    brandLogoUrl: t.exposeString('brandLogoUrl', { nullable: true }),
    productOneSheetUrl: t.exposeString('productOneSheetUrl', { nullable: true }),
    salesDeckUrl: t.exposeString('salesDeckUrl', { nullable: true }),
    marketingVideoUrl: t.exposeString('marketingVideoUrl', { nullable: true }),
    brandWebsiteUrl: t.exposeString('brandWebsiteUrl', { nullable: true }),
    brandCountryCode: t.exposeString('brandCountryCode', { nullable: true }),
    brandStateCode: t.exposeString('brandStateCode', { nullable: true }),
    brandCityName: t.exposeString('brandCityName', { nullable: true }),
    yearFounded: t.exposeInt('yearFounded', { nullable: true }),
    brandStory: t.exposeString('brandStory', { nullable: true }),
    facebookUrl: t.exposeString('facebookUrl', { nullable: true }),
    instagramUrl: t.exposeString('instagramUrl', { nullable: true }),
    twitterUrl: t.exposeString('twitterUrl', { nullable: true }),
    samplesOffered: t.exposeBoolean('samplesOffered', { nullable: true }),
    primaryInvestor: t.exposeString('primaryInvestor', { nullable: true }),
    secondaryInvestor: t.exposeString('secondaryInvestor', { nullable: true }),
    raisingInvestment: t.exposeString('raisingInvestment', { nullable: true }),
    primaryDistributionMethod: t.exposeString('primaryDistributionMethod', { nullable: true }),
    secondaryDistributionMethod: t.exposeString('secondaryDistributionMethod', { nullable: true }),
    distributionRange: t.exposeString('distributionRange', { nullable: true }),
    distributionRangeStates: t.exposeStringList('distributionRangeStates'),
    salesContact: t.field({ type: SalesContactRef, nullable: true, resolve: (p) => p.salesContact }),
    primaryBroker: t.field({ type: PrimaryBrokerRef, nullable: true, resolve: (p) => p.primaryBroker }),
    updatedAt: t.exposeString('updatedAt'),
    can: t.field({ type: BrandProfileCanRef, resolve: (p) => p.can }),
  }),
});

const BrandProfileInput = builder.inputType('BrandProfileInput', {
  description: 'Every field of the form except the files, which are uploaded separately (part 2 section 7).',
  fields: (t) => ({
    isPublished: t.boolean({ description: 'Only read by createBrandProfile (default true).' }),
    marketingVideoUrl: t.string(),
    brandWebsiteUrl: t.string(),
    brandCountryCode: t.string(),
    brandStateCode: t.string(),
    brandCityName: t.string(),
    yearFounded: t.string({ description: 'Digits, at most 4.' }),
    brandStory: t.string(),
    facebookUrl: t.string(),
    instagramUrl: t.string(),
    twitterUrl: t.string(),
    samplesOffered: t.boolean(),
    primaryInvestor: t.string(),
    secondaryInvestor: t.string(),
    raisingInvestment: t.string(),
    primaryDistributionMethod: t.string(),
    secondaryDistributionMethod: t.string(),
    distributionRange: t.string({ description: 'states, national or international' }),
    distributionRangeStates: t.stringList(),
    salesContactName: t.string(),
    salesContactTitle: t.string(),
    salesContactEmail: t.string(),
    salesContactPhone: t.string(),
    primaryBrokerCompany: t.string(),
    primaryBrokerName: t.string(),
    primaryBrokerTitle: t.string(),
    primaryBrokerEmail: t.string(),
    primaryBrokerPhone: t.string(),
  }),
});

builder.objectField(CompanyRef, 'brandProfiles', (t) =>
  t.field({
    type: [BrandProfileRef],
    description:
      "The company's brand profiles (at most one); empty for someone who may not see them. An API token needs read:brandprofiles (or write:) for it, as the brand profile routes do.",
    resolve: async (company, _args, { request, ctx }) => {
      // The top-level check sees the field that reads the company (any token's); this one is the brand profiles'.
      const refused = request.apiToken?.refusedIn('brandprofiles', false);
      if (refused) throw new HttpError(403, refused.code, refused.message);
      return listBrandProfiles(ctx, await requireUser(request), company.id);
    },
  }),
);

builder.mutationField('createBrandProfile', (t) =>
  t.field({
    type: BrandProfileRef,
    args: { companyId: t.arg.int({ required: true }), input: t.arg({ type: BrandProfileInput, required: true }) },
    resolve: async (_root, { companyId, input }, { request, ctx }) =>
      createBrandProfile(ctx, await requireUser(request), companyId, input),
  }),
);

builder.mutationField('updateBrandProfile', (t) =>
  t.field({
    type: BrandProfileRef,
    args: {
      companyId: t.arg.int({ required: true }),
      brandProfileId: t.arg.int({ required: true }),
      input: t.arg({ type: BrandProfileInput, required: true }),
    },
    resolve: async (_root, { companyId, brandProfileId, input }, { request, ctx }) =>
      updateBrandProfile(ctx, await requireUser(request), companyId, brandProfileId, input),
  }),
);

builder.mutationField('updateBrandProfileIsPublished', (t) =>
  t.field({
    type: BrandProfileRef,
    args: {
      companyId: t.arg.int({ required: true }),
      brandProfileId: t.arg.int({ required: true }),
      isPublished: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, { companyId, brandProfileId, isPublished }, { request, ctx }) =>
      setBrandProfilePublished(ctx, await requireUser(request), companyId, brandProfileId, isPublished),
  }),
);
