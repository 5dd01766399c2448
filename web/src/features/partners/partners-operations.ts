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
    decisionUndo
    reviewSlaHours
    secondApproval
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

export const ReadinessRuleFields = graphql(`
  fragment ReadinessRuleFields on ReadinessRule {
    code
    kind
    message
    fix
    severity
    weight
    field
    min
    check
    minLongSidePx
    prefixes
    max
    pattern
    fileType
    roles
    appliesAt
  }
`);

export const PartnerReadinessRulesQuery = graphql(`
  query PartnerReadinessRules($partnerCompanyId: Int!) {
    getReadinessRules(partnerCompanyId: $partnerCompanyId) {
      version
      rules {
        ...ReadinessRuleFields
      }
    }
  }
`);

export const DryRunReadinessRulesQuery = graphql(`
  query DryRunReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!, $after: String) {
    dryRunReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules, after: $after) {
      judged
      total
      next
      becomesNotReady
      becomesReady
      scoreChanges
      openDrafts
      draftsBlocked
      draftsNewlyBlocked
      rules {
        code
        failing
        becomesNotReady
        becomesReady
        draftsBlocked
      }
    }
  }
`);

export const SaveReadinessRulesMutation = graphql(`
  mutation SaveReadinessRules($partnerCompanyId: Int!, $rules: [ReadinessRuleInput!]!) {
    saveReadinessRules(partnerCompanyId: $partnerCompanyId, rules: $rules) {
      version
      rules {
        ...ReadinessRuleFields
      }
    }
  }
`);
