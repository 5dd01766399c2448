import { graphql } from '../../api/gql/index.ts';

export const ShippingProfileFieldsFragment = graphql(`
  fragment ShippingProfileFields on ShippingProfile {
    id
    name
    companyId
    caseCount
    grossWeight {
      value
      unit
    }
    netWeight {
      value
      unit
    }
    caseLength {
      value
      unit
    }
    caseWidth {
      value
      unit
    }
    caseHeight {
      value
      unit
    }
    palletTiers
    palletLayers
    updatedDate
    updatedByFirstName
    updatedByLastName
    updatedByEmail
    associatedSubmissions {
      type
      count
    }
    can {
      edit
    }
  }
`);

export const ShippingProfilesQuery = graphql(`
  query ShippingProfiles($companyId: Int, $associatedSubmissions: Boolean) {
    getShippingProfileForCurrentUser(companyId: $companyId, associatedSubmissions: $associatedSubmissions) {
      ...ShippingProfileFields
    }
  }
`);

export const ShippingProfileOptionsQuery = graphql(`
  query ShippingProfileOptions {
    getShippingProfileForCurrentUser {
      id
      name
    }
  }
`);

export const ShippingProfileQuery = graphql(`
  query ShippingProfile($id: Int!) {
    getShippingProfile(id: $id) {
      ...ShippingProfileFields
    }
  }
`);

export const ShippingProfileProductsQuery = graphql(`
  query ShippingProfileProducts($id: Int!) {
    getShippingProfileProducts(shippingProfileId: $id) {
      upc
      name
      status
      associated
      otherProfileName
    }
  }
`);

export const CreateShippingProfileMutation = graphql(`
  mutation CreateShippingProfile($input: ShippingProfileInput!, $companyId: Int) {
    createShippingProfile(input: $input, companyId: $companyId) {
      ...ShippingProfileFields
    }
  }
`);

export const ShippingProfileCompanySearchQuery = graphql(`
  query ShippingProfileCompanySearch($name: String!) {
    searchCompaniesByName(name: $name) {
      id
      name
    }
  }
`);

export const ShippingProfileCompanyQuery = graphql(`
  query ShippingProfileCompany($companyId: Int!) {
    getCompany(companyId: $companyId) {
      id
      name
    }
  }
`);
