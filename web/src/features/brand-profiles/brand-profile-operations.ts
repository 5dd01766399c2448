import { graphql } from '../../api/gql/index.ts';

export const BrandProfileFieldsFragment = graphql(`
  fragment BrandProfileFields on BrandProfile {
    id
    companyId
    isPublished
    brandLogoFilename
    brandLogoUrl
    productOneSheetFilename
    productOneSheetUrl
    salesDeckFilename
    salesDeckUrl
    marketingVideoUrl
    brandWebsiteUrl
    brandCountryCode
    brandStateCode
    brandCityName
    yearFounded
    brandStory
    facebookUrl
    instagramUrl
    twitterUrl
    samplesOffered
    primaryInvestor
    secondaryInvestor
    raisingInvestment
    primaryDistributionMethod
    secondaryDistributionMethod
    distributionRange
    distributionRangeStates
    salesContact {
      Email
      Name
      Phone
      Title
    }
    primaryBroker {
      Company
      Email
      Name
      Phone
      Title
    }
    can {
      edit
    }
  }
`);

export const CompanyBrandProfilesQuery = graphql(`
  query CompanyBrandProfiles($companyId: Int!) {
    getCompany(companyId: $companyId) {
      id
      name
      brandProfiles {
        ...BrandProfileFields
      }
    }
  }
`);

export const CountriesQuery = graphql(`
  query Countries {
    getCountries {
      id
      name
      code
    }
  }
`);

export const StatesQuery = graphql(`
  query States($countryCode: String!) {
    getStates(countryCode: $countryCode) {
      id
      name
      code
    }
  }
`);

export const CitiesQuery = graphql(`
  query Cities($countryCode: String!, $stateCode: String!) {
    getCities(countryCode: $countryCode, stateCode: $stateCode) {
      id
      name
    }
  }
`);

export const DistributionMethodsQuery = graphql(`
  query DistributionMethods {
    getDistributionMethods {
      id
      name
    }
  }
`);

export const CreateBrandProfileMutation = graphql(`
  mutation CreateBrandProfile($companyId: Int!, $input: BrandProfileInput!) {
    createBrandProfile(companyId: $companyId, input: $input) {
      ...BrandProfileFields
    }
  }
`);

export const UpdateBrandProfileMutation = graphql(`
  mutation UpdateBrandProfile($companyId: Int!, $brandProfileId: Int!, $input: BrandProfileInput!) {
    updateBrandProfile(companyId: $companyId, brandProfileId: $brandProfileId, input: $input) {
      ...BrandProfileFields
    }
  }
`);

export const UpdateBrandProfileIsPublishedMutation = graphql(`
  mutation UpdateBrandProfileIsPublished($companyId: Int!, $brandProfileId: Int!, $isPublished: Boolean!) {
    updateBrandProfileIsPublished(companyId: $companyId, brandProfileId: $brandProfileId, isPublished: $isPublished) {
      ...BrandProfileFields
    }
  }
`);
