import { graphql } from '../../api/gql/index.ts';

export const BulkEditRowsQuery = graphql(`
  query BulkEditRows($ids: [ID!]!) {
    getProductSubmissions(ids: $ids) {
      ...BulkEditRowFields
    }
  }
`);

export const BulkEditRowFieldsFragment = graphql(`
  fragment BulkEditRowFields on ProductSubmissionRow {
    id
    upc
    partnerCompanyId
    canEdit
    fromSheet
    productName
    companyName
    suggestedClass
    marketAccounts {
      id
      name
    }
    attributes {
      id
      name
    }
    height
    width
    depth
    size
    uom
    fobCost
    msrp
    edlp
    deliveredCost
    wholesaleCost
    freeFill
    inStoreDemo
    fairShareMerchandisingSupport
    paidAds
    offInvoice
    tpr
  }
`);

export const UpdateBulkEditRowsMutation = graphql(`
  mutation UpdateBulkEditRows($rows: [ProductSubmissionRowInput!]!) {
    updateProductSubmissions(rows: $rows) {
      ...BulkEditRowFields
    }
  }
`);

export const BulkEditAttributesQuery = graphql(`
  query BulkEditAttributes {
    attributes {
      id
      name
    }
  }
`);

export const SearchMarketAccountsQuery = graphql(`
  query SearchMarketAccounts($name: String!) {
    searchMarketAccountsByName(name: $name) {
      id
      name
    }
  }
`);

export const SearchBrandsQuery = graphql(`
  query SearchBrands($name: String!) {
    searchBrandsByName(name: $name) {
      id
      name
    }
  }
`);
