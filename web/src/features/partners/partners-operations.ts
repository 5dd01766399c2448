import { graphql } from '../../api/gql/index.ts';

export const PartnerConfigurationFields = graphql(`
  fragment PartnerConfigurationFields on PartnerConfiguration {
    id
    companyId
    companyName
    partnerLogoFileName
    primaryColor
    secondaryColor
    landingPageEnabled
    fieldRules {
      field
      visible
      required
    }
    placementFieldsVisible
    pricingFieldsVisible
    promotionFieldsVisible
    blockingPhotoChecks
    minImageLongSidePx
    updatedDate
  }
`);

export const PartnerConfigurationsQuery = graphql(`
  query PartnerConfigurations {
    getPartnerConfigurations {
      ...PartnerConfigurationFields
    }
  }
`);

export const PartnerConfigurationQuery = graphql(`
  query PartnerConfiguration($partnerConfigurationId: Int!) {
    getPartnerConfiguration(partnerConfigurationId: $partnerConfigurationId) {
      ...PartnerConfigurationFields
    }
  }
`);

export const SearchCompaniesQuery = graphql(`
  query SearchCompaniesByName($name: String!) {
    searchCompaniesByName(name: $name) {
      id
      name
    }
  }
`);

export const CreatePartnerConfigurationMutation = graphql(`
  mutation CreatePartnerConfiguration($companyId: Int!) {
    createPartnerConfiguration(companyId: $companyId) {
      ...PartnerConfigurationFields
    }
  }
`);

export const UpdatePartnerConfigurationMutation = graphql(`
  mutation UpdatePartnerConfiguration($partnerConfigurationId: Int!, $input: PartnerConfigurationInput!) {
    updatePartnerConfiguration(partnerConfigurationId: $partnerConfigurationId, input: $input) {
      ...PartnerConfigurationFields
    }
  }
`);
