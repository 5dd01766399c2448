import { graphql } from '../../api/gql/index.ts';

export const CataloguedProductFieldsFragment = graphql(`
  fragment CataloguedProductFields on CataloguedProduct {
    ean13Upc
    description
    brand
    department
    category
    subcategory
    itemSize
    unitsOfMeasure
    packCount
    updatedDate
    shippingProfileId
    imageUrls
    thumbnailUrls
    isDelisted
    can {
      addImages
      setShippingProfile
      delist
    }
  }
`);

export const CataloguedProductsQuery = graphql(`
  query CataloguedProducts(
    $upcPrefix: String
    $page: Int
    $pageSize: Int
    $sortBy: CatalogueSortField
    $sortDirection: SortDirection
    $brand: String
    $description: String
    $q: String
    $after: String
    $before: String
  ) {
    getCataloguedProducts(
      upcPrefix: $upcPrefix
      page: $page
      pageSize: $pageSize
      sortBy: $sortBy
      sortDirection: $sortDirection
      brand: $brand
      description: $description
      q: $q
      after: $after
      before: $before
    ) {
      items {
        ...CataloguedProductFields
      }
      total
      more
      page
      pageSize
      startCursor
      endCursor
    }
  }
`);

export const CataloguedProductQuery = graphql(`
  query CataloguedProduct($ean13Upc: String!) {
    getCataloguedProduct(ean13Upc: $ean13Upc) {
      ...CataloguedProductFields
    }
  }
`);

export const CataloguedProductFactsQuery = graphql(`
  query CataloguedProductFacts($ean13Upc: String!) {
    getCataloguedProduct(ean13Upc: $ean13Upc) {
      ean13Upc
      facts {
        ...ProductFactsFields
      }
    }
  }
`);

export const CatalogueSubmissionMutation = graphql(`
  mutation CatalogueSubmission($id: ID!, $input: CertifiedValuesInput!) {
    catalogueSubmission(id: $id, input: $input) {
      ...SubmissionDetailFields
    }
  }
`);

export const DelistCataloguedProductMutation = graphql(`
  mutation DelistCataloguedProduct($ean13Upc: String!) {
    delistCataloguedProduct(ean13Upc: $ean13Upc) {
      ...CataloguedProductFields
    }
  }
`);
